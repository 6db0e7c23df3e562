import Custody
import Foundation

/// Everything the catalog screen renders, as one `Sendable` value.
///
/// Not `Equatable`: `@Observable` compares an `Equatable` property's old and new value before
/// it notifies, and two screens of 10,000 products take milliseconds to compare on the main
/// actor. Every screen a feed answers is a new one.
public struct CatalogScreen: Sendable {
  /// Where the products on screen came from.
  public enum Source: Sendable, Hashable {
    /// Fetched from the server in this run.
    case live
    /// Read from disk at start, last fetched at `savedAt`, while the server has not answered.
    case offline(savedAt: Date)
  }

  /// The rows, page by page as the pager keeps them: a screen made from a long listing shares
  /// its pages, never copies them (see `PagedItems`).
  public var products: PagedItems<Product>
  /// How many products the catalog has in all.
  public var total: Int
  public var hasMore: Bool
  public var sort: ProductSort?
  /// The category's slug the products are of; `nil` for all products.
  public var category: String?
  public var source: Source
  /// The entries of the pages listed that could not be read and were left out, in the order of
  /// the listing; see ``SkippedProduct/sentence(for:)``.
  public var skipped: [SkippedProduct]

  public init(
    products: PagedItems<Product> = [], total: Int = 0, hasMore: Bool = false, sort: ProductSort? = nil,
    category: String? = nil, source: Source = .live, skipped: [SkippedProduct] = []
  ) {
    self.products = products
    self.total = total
    self.hasMore = hasMore
    self.sort = sort
    self.category = category
    self.source = source
    self.skipped = skipped
  }

  /// A screen of `products` held in one array (a saved page, a test's fixture).
  public init(
    products: [Product], total: Int = 0, hasMore: Bool = false, sort: ProductSort? = nil, category: String? = nil,
    source: Source = .live, skipped: [SkippedProduct] = []
  ) {
    self.init(
      products: PagedItems(products), total: total, hasMore: hasMore, sort: sort, category: category,
      source: source, skipped: skipped)
  }
}

extension CatalogScreen {
  /// The products grouped by category, sections in order of first appearance. Worked out on
  /// each read, in time linear in the rows: read it off the main actor for a long list.
  public var sections: [CatalogSection] { CatalogPipeline.sectionsNow(of: Array(products)) }
}
