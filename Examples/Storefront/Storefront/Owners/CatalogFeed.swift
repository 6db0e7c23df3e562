import Custody

/// The catalog one screen lists, in the order and of the category asked for last: a `QueryPager`
/// keyed by both (a ``Query``), plus what is Storefront's own: the page kept for an offline start, edits patched into
/// the rows, and how a failed next page is asked for again.
///
/// Every call runs on the caller's actor up to its one request of the pager, and turns the
/// listing it answers into a ``CatalogScreen``, so the caller's actor commits it in the same job.
/// The screen holds its rows as one array: the first page's rows are shared, and a listing of
/// more pages is copied into one array there, once. The pager owns the rest: which order is
/// listed, one fetch per page, answers in order, and freeing replaced pages off the caller's
/// actor.
///
/// ```swift
/// let feed = environment.catalogFeed()
/// var screen = try await feed.loadFirstPage()       // the first page
/// screen = try await feed.loadNext()                // the next; concurrent calls share one fetch
/// screen = try await feed.setSort(ProductSort(.price))
/// screen = try await feed.setQuery(CatalogFeed.Query(sort: ProductSort(.price), category: "laptops"))
/// ```
///
/// The rules:
/// - Screens are answered in order: an answer that reaches its caller after a newer one did is
///   the newer screen, so a screen never goes back to older rows.
/// - The newest query wins: a fetch for an earlier order or category is cancelled, its page
///   never listed, and its callers get the newest query's first page (``CatalogScreen/sort`` and
///   ``CatalogScreen/category`` say which). A refresh replaces a next page in flight (`Pager`'s rules).
/// - A saved product replaces its row, and a page fetched before the save keeps the edit.
/// - The first page of the app's own listing is kept for the next start; a saved page shows
///   only where it lists what this feed lists.
/// - Cancellation is the caller's: a cancelled call throws `CancellationError`.
public struct CatalogFeed: Sendable {
  /// What a feed lists: an order and a category.
  public struct Query: Sendable, Hashable {
    /// The order, or `nil` for the server's (by id).
    public var sort: ProductSort?
    /// The category's slug, or `nil` for all products.
    public var category: String?

    public init(sort: ProductSort? = nil, category: String? = nil) {
      self.sort = sort
      self.category = category
    }
  }

  /// Products per page.
  public let pageSize: Int
  /// How many products come before the first page.
  public let skip: Int
  let links: Links
  let pager: QueryPager<Query, Cursor, Product, Listed>

  /// Creates a feed that starts with one order and one category.
  ///
  /// - Parameters:
  ///   - service: Fetches the pages.
  ///   - sort: The order listed first, or `nil` for the server's (by id).
  ///   - category: The category listed first, or `nil` for all products.
  ///   - pageSize: Products per page.
  ///   - skip: How many products to pass over: the first page starts after them, so a window
  ///     deep in the catalog costs one request of `pageSize` products, not all before it.
  ///   - links: The owners the feed follows and keeps its first page with, and how it retries.
  ///   - inspector: Receives the pager's events, under the name "catalog feed".
  public init(
    service: any ProductService, sort: ProductSort? = nil, category: String? = nil, pageSize: Int = 30, skip: Int = 0,
    links: Links = Links(), inspector: (any OwnerInspector)? = nil
  ) {
    precondition(pageSize > 0, "A page holds at least one product")
    precondition(skip >= 0, "A list cannot start before its first product")
    self.pageSize = pageSize
    self.skip = skip
    self.links = links
    pager = QueryPager(
      query: Query(sort: sort, category: category), first: Cursor(skip: skip), name: "catalog feed",
      inspector: inspector
    ) { query, cursor in
      let page = try await service.products(
        ProductQuery(limit: pageSize, skip: cursor.skip, sort: query.sort, category: query.category))
      let skipped = cursor.skipped + page.skipped
      return Page(
        items: page.products, next: page.hasMore ? Cursor(skip: page.nextSkip, skipped: skipped) : nil,
        info: Listed(total: page.total, skipped: skipped))
    }
  }

  /// The order and the category listed, those asked for last.
  public var query: Query {
    get async { await pager.query }
  }

  /// The order listed in, the one asked for last.
  public var sort: ProductSort? {
    get async { await pager.query.sort }
  }

  /// The category listed, the one asked for last; `nil` for all products.
  public var category: String? {
    get async { await pager.query.category }
  }

  /// The screen of the page saved at the last run, marked ``CatalogScreen/Source/offline(savedAt:)``,
  /// when it lists what this feed lists and no page is listed yet; else `nil`.
  public func savedScreen() async -> CatalogScreen? {
    guard skip == 0, let saved = links.offline?.snapshot else { return nil }
    let listing = await pager.listing
    guard listing.info == nil, saved.sort == listing.query.sort, saved.category == listing.query.category else {
      return nil
    }
    return CatalogScreen(
      products: saved.products, total: saved.total, sort: saved.sort, category: saved.category,
      source: .offline(savedAt: saved.savedAt))
  }

  /// The first page, unless this feed listed it already; then the screen as it is.
  public func loadFirstPage() async throws -> CatalogScreen {
    keptFirstPage(of: try await pager.loadFirstPage())
  }

  /// Starts the list over, as pull to refresh does; the rows stay until the new first page arrives.
  public func refresh() async throws -> CatalogScreen {
    keptFirstPage(of: try await pager.refresh())
  }

  /// Lists in `sort` order from the first page, in the category listed. Calls waiting for an
  /// earlier query get this one. A screen that changes the order and the category keeps both
  /// and calls ``setQuery(_:)``: two calls in flight here each keep the category they read.
  public func setSort(_ sort: ProductSort?) async throws -> CatalogScreen {
    var query = await pager.query
    query.sort = sort
    return try await setQuery(query)
  }

  /// Lists `query` (an order and a category) from its first page. Calls waiting for an earlier
  /// query get this one; the query listed now answers at once.
  public func setQuery(_ query: Query) async throws -> CatalogScreen {
    keptFirstPage(of: try await pager.setQuery(query))
  }

  /// The list with the next page appended. Concurrent calls share one fetch.
  public func loadNext() async throws -> CatalogScreen {
    CatalogScreen(try await pager.loadNext())
  }

  /// ``loadNext()``, asking again after each failure until the page arrives, after a pause that
  /// starts at the links' first retry delay and doubles up to the longest.
  ///
  /// - Parameter failed: Called on the caller's actor with each failure, before the pause.
  /// - Throws: `CancellationError` when the calling task is cancelled, during a pause included.
  public func loadNext(reportingFailures failed: (any Error) -> Void) async throws -> CatalogScreen {
    var delay = links.firstRetryDelay
    while true {
      do {
        return try await loadNext()
      } catch  where !FailureCategory(error).isCancellation {
        failed(error)
      }
      try await links.clock.sleep(for: delay)
      delay = min(delay * 2, links.longestRetryDelay)
    }
  }

  /// The screen of `listing`, whose first page is kept for the next start when it is the app's
  /// own listing. A page whose every entry was unreadable is a failure, not an empty catalog:
  /// the page kept from before stays.
  private func keptFirstPage(of listing: QueryPager<Query, Cursor, Product, Listed>.Listing) -> CatalogScreen {
    let screen = CatalogScreen(listing)
    if links.keepsFirstPage(listing.query), !(screen.products.isEmpty && !screen.skipped.isEmpty) {
      links.offline?.remember(screen.products, total: screen.total, sort: screen.sort, category: screen.category)
    }
    return screen
  }
}

extension CatalogFeed {
  /// Where the next page starts, and what the pages before it could not read.
  struct Cursor: Sendable {
    var skip: Int
    var skipped: [SkippedProduct] = []
  }

  /// What the pages listed say besides their products.
  struct Listed: Sendable {
    /// How many products the listing has.
    var total: Int
    /// The entries of every page listed that could not be read.
    var skipped: [SkippedProduct]
  }
}

extension CatalogScreen {
  /// The screen of what a feed lists; shares the listing's pages.
  init(_ listing: QueryPager<CatalogFeed.Query, CatalogFeed.Cursor, Product, CatalogFeed.Listed>.Listing) {
    self.init(
      products: listing.pagedItems, total: listing.info?.total ?? listing.pagedItems.count, hasMore: listing.hasMore,
      sort: listing.query.sort, category: listing.query.category, skipped: listing.info?.skipped ?? [])
  }
}
