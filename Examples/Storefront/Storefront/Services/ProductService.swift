/// Reads and edits the product catalog. Stateless: every call is a request.
///
/// The protocol is `Sendable` and non-isolated so a fake can stand in for tests, previews and
/// the command line. ``LiveProductService`` speaks the Storefront API over `HTTPClient`.
public protocol ProductService: Sendable {
  /// One page of the catalog, optionally of one category, in the order asked for.
  func products(_ query: ProductQuery) async throws -> ProductPage
  /// Products whose title or description contains `text`, ignoring case.
  func search(_ text: String, limit: Int, skip: Int) async throws -> ProductPage
  /// One product.
  func product(id: Product.ID) async throws -> Product
  /// Every category.
  func categories() async throws -> [ProductCategory]
  /// Saves `changes` and returns the product as the server now has it.
  func update(id: Product.ID, changes: ProductChanges) async throws -> Product
}

/// Which page of the catalog to list.
public struct ProductQuery: Sendable, Hashable {
  public var limit: Int
  public var skip: Int
  public var sort: ProductSort?
  /// A category slug, or `nil` for the whole catalog.
  public var category: String?

  public init(limit: Int = 30, skip: Int = 0, sort: ProductSort? = nil, category: String? = nil) {
    self.limit = limit
    self.skip = skip
    self.sort = sort
    self.category = category
  }
}
