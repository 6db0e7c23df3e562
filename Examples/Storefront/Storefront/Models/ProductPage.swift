/// One page of a product listing: the products and where they sit in the whole list.
public struct ProductPage: Sendable, Hashable, Codable {
  public var products: [Product]
  /// How many products the whole listing has.
  public var total: Int
  /// How many products come before this page.
  public var skip: Int
  /// Entries of the server's page that could not be read and were left out.
  public var droppedCount: Int

  public init(products: [Product], total: Int, skip: Int, droppedCount: Int = 0) {
    self.products = products
    self.total = total
    self.skip = skip
    self.droppedCount = droppedCount
  }

  /// Whether more products follow this page. Counts what the server sent, dropped entries
  /// included, so a malformed entry does not end the list early.
  public var hasMore: Bool {
    let (end, overflow) = skip.addingReportingOverflow(products.count + droppedCount)
    return !overflow && end < total
  }

  /// The `skip` of the page after this one; `Int.max` when a page claims to end past it (a
  /// server's `skip` is not trusted to leave room).
  public var nextSkip: Int {
    let (end, overflow) = skip.addingReportingOverflow(products.count + droppedCount)
    return overflow ? .max : end
  }
}
