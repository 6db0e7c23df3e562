/// One page of a product listing: the products and where they sit in the whole list.
public struct ProductPage: Sendable, Hashable, Codable {
  public var products: [Product]
  /// How many products the whole listing has.
  public var total: Int
  /// How many products come before this page.
  public var skip: Int
  /// Entries of the server's page that could not be read and were left out.
  public var droppedCount: Int
  /// The entries left out, where, which and why, for a screen to say; as many as
  /// ``droppedCount`` for a page read from the server.
  public var skipped: [SkippedProduct]

  public init(products: [Product], total: Int, skip: Int, droppedCount: Int = 0, skipped: [SkippedProduct] = []) {
    self.products = products
    self.total = total
    self.skip = skip
    self.droppedCount = droppedCount
    self.skipped = skipped
  }

  private enum CodingKeys: String, CodingKey {
    case products, total, skip, droppedCount, skipped
  }

  /// Reads a page kept before pages named their left-out entries as naming none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    products = try container.decode([Product].self, forKey: .products)
    total = try container.decode(Int.self, forKey: .total)
    skip = try container.decode(Int.self, forKey: .skip)
    droppedCount = try container.decode(Int.self, forKey: .droppedCount)
    skipped = try container.decodeIfPresent([SkippedProduct].self, forKey: .skipped) ?? []
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
