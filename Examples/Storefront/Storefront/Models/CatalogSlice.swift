/// The catalog loaded so far.
public struct CatalogSlice: Sendable, Hashable {
  public var products: [Product]
  public var hasMore: Bool
  /// How many products the catalog has in all.
  public var total: Int

  public init(products: [Product], hasMore: Bool, total: Int) {
    self.products = products
    self.hasMore = hasMore
    self.total = total
  }
}
