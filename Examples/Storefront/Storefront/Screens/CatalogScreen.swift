import Foundation

/// Everything the catalog screen renders, as one `Sendable` value built off the main actor.
public struct CatalogScreen: Sendable, Hashable {
  /// Where the products on screen came from.
  public enum Source: Sendable, Hashable {
    /// Fetched from the server in this run.
    case live
    /// Read from disk at start, last fetched at `savedAt`, while the server has not answered.
    case offline(savedAt: Date)
  }

  public var products: [Product]
  public var sections: [CatalogSection]
  /// How many products the catalog has in all.
  public var total: Int
  public var hasMore: Bool
  public var sort: ProductSort?
  public var source: Source
  /// The entries of the pages listed that could not be read and were left out, in the order of
  /// the listing; see ``SkippedProduct/sentence(for:)``.
  public var skipped: [SkippedProduct]

  public init(
    products: [Product] = [], sections: [CatalogSection] = [], total: Int = 0, hasMore: Bool = false,
    sort: ProductSort? = nil, source: Source = .live, skipped: [SkippedProduct] = []
  ) {
    self.products = products
    self.sections = sections
    self.total = total
    self.hasMore = hasMore
    self.sort = sort
    self.source = source
    self.skipped = skipped
  }
}
