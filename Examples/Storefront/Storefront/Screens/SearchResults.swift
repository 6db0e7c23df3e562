/// What the search screen shows for one query: the first page of matching products.
public struct SearchResults: Sendable, Hashable {
  /// The query the products match, trimmed.
  public var query: String
  public var products: [Product]
  /// How many products match in all.
  public var total: Int
  /// The matches the server sent that could not be read and were left out.
  public var skipped: [SkippedProduct]

  public init(query: String, products: [Product], total: Int, skipped: [SkippedProduct] = []) {
    self.query = query
    self.products = products
    self.total = total
    self.skipped = skipped
  }
}
