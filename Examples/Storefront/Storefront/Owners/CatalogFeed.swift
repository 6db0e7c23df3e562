import Custody

/// The catalog as a growing list, in one order: a `Pager` over the product listing whose pages
/// carry how many products there are in all.
///
/// A feed is made for one sort order and category; changing either means a new feed, so a
/// page fetched for the old order can never be appended to the new one.
///
/// ```swift
/// let feed = CatalogFeed(service: service, sort: ProductSort(.price))
/// var slice = try await feed.loadNext()       // the first page
/// slice = try await feed.loadNext()           // the next; concurrent calls share one fetch
/// slice = try await feed.refresh()            // starts over; old items stay until it lands
/// ```
public final class CatalogFeed: Sendable {
  /// The order of this feed.
  public let sort: ProductSort?
  /// The category of this feed, or `nil` for all products.
  public let category: String?
  /// Products per page.
  public let pageSize: Int
  /// How many products come before the first page.
  public let skip: Int

  private let pager: Pager<Int, Product, Int>

  /// Creates a feed of one order and category.
  ///
  /// - Parameters:
  ///   - service: Fetches the pages.
  ///   - sort: The order, or `nil` for the server's (by id).
  ///   - category: The category, or `nil` for all products.
  ///   - pageSize: Products per page.
  ///   - skip: How many products to pass over: the first page starts after them, so a window
  ///     deep in the catalog costs one request of `pageSize` products, not all before it.
  ///   - inspector: Receives the pager's events, under the name "catalog feed".
  public init(
    service: any ProductService, sort: ProductSort? = nil, category: String? = nil, pageSize: Int = 30, skip: Int = 0,
    inspector: (any OwnerInspector)? = nil
  ) {
    precondition(pageSize > 0, "A page holds at least one product")
    precondition(skip >= 0, "A list cannot start before its first product")
    self.sort = sort
    self.category = category
    self.pageSize = pageSize
    self.skip = skip
    pager = Pager(first: skip, name: "catalog feed", inspector: inspector) { skip in
      let page = try await service.products(ProductQuery(limit: pageSize, skip: skip, sort: sort, category: category))
      return Page(items: page.products, next: page.hasMore ? page.nextSkip : nil, info: page.total)
    }
  }

  /// Loads the next page and returns the whole list so far.
  public func loadNext() async throws -> CatalogSlice {
    slice(try await pager.loadNext())
  }

  /// Starts over from the first page; the list so far stays until the first page arrives.
  public func refresh() async throws -> CatalogSlice {
    slice(try await pager.refresh())
  }

  /// The list so far, without loading.
  public var current: CatalogSlice {
    get async { slice(await pager.snapshot) }
  }

  private func slice(_ snapshot: PagerSnapshot<Product, Int>) -> CatalogSlice {
    CatalogSlice(products: snapshot.items, hasMore: snapshot.hasMore, total: snapshot.info ?? snapshot.items.count)
  }
}

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
