import Custody

/// Owns the catalog one screen lists: its pages, in the order asked for last, as the
/// ``CatalogScreen`` to show; edits patched into its rows; the page kept for an offline
/// start; and how a failed next page is asked for again.
///
/// Every screen is built here, off the caller's actor, from the pages a `Pager` fetched. The
/// caller's actor only commits the answer, in one assignment, and frees nothing: a screen it
/// replaces is freed off it (see `BackgroundRelease`).
///
/// ```swift
/// let feed = environment.catalogFeed()
/// var screen = try await feed.loadFirstPage()       // the first page, built
/// screen = try await feed.loadNext()                // the next; concurrent calls share one fetch
/// screen = try await feed.setSort(ProductSort(.price))
/// ```
///
/// The rules:
/// - Screens are answered in the order they were built: an answer that resumes its caller after
///   a newer one did is the newer screen, so a screen never goes back to older rows.
/// - The newest order wins: a page fetched for an earlier one is never answered (`nil`), and its
///   fetch is cancelled. A refresh replaces a next page in flight (`Pager`'s rules).
/// - A saved product replaces its row, and the rows of a next page keep it.
/// - The first page of the app's own listing is kept for the next start; a saved page shows
///   only where it lists what this feed lists.
/// - Cancellation is the caller's: a cancelled call throws `CancellationError`.
public actor CatalogFeed {
  /// The category listed, or `nil` for all products.
  public nonisolated let category: String?
  /// Products per page.
  public nonisolated let pageSize: Int
  /// How many products come before the first page.
  public nonisolated let skip: Int
  /// The order listed in, the one asked for last.
  public internal(set) var sort: ProductSort?

  let links: Links
  let service: any ProductService
  let inspector: (any OwnerInspector)?
  /// The pages of the order listed in.
  var pager: Pager<Int, Product, Listed>
  /// The screen built last; what patches and next pages build on.
  var shown: CatalogScreen?
  /// The number of the screen built last; answers are delivered in this order.
  var built: UInt64 = 0
  /// The key of the last call in `calls`.
  var lastCall: UInt64 = 0
  /// The calls waiting for `pager`, cancelled when a new order replaces it.
  var calls: [UInt64: Task<PagerSnapshot<Product, Listed>, any Error>] = [:]
  nonisolated let delivery = ScreenDelivery<CatalogScreen>()

  /// Creates a feed of one category, starting in one order.
  ///
  /// - Parameters:
  ///   - service: Fetches the pages.
  ///   - sort: The order, or `nil` for the server's (by id).
  ///   - category: The category, or `nil` for all products.
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
    self.sort = sort
    self.category = category
    self.pageSize = pageSize
    self.skip = skip
    self.links = links
    self.service = service
    self.inspector = inspector
    pager = Self.pager(service, sort: sort, category: category, pageSize: pageSize, skip: skip, inspector: inspector)
  }

  // A screen that goes away drops its feed on its actor: free the pages off it.
  deinit {
    BackgroundRelease.release((pager, shown, delivery, calls))
  }

  /// The screen of the page saved at the last run, marked ``CatalogScreen/Source/offline(savedAt:)``,
  /// when it lists what this feed lists and nothing was built yet; else `nil`.
  public nonisolated(nonsending) func savedScreen() async -> CatalogScreen? {
    guard let built = await buildSavedScreen() else { return nil }
    return delivery.deliver(built)
  }

  /// The first page, unless this feed listed it already; then the screen as it is.
  public nonisolated(nonsending) func loadFirstPage() async throws -> CatalogScreen? {
    try await answer(fetch(.first))
  }

  /// Starts the list over, as pull to refresh does; the rows stay until the new first page arrives.
  public nonisolated(nonsending) func refresh() async throws -> CatalogScreen? {
    try await answer(fetch(.refresh))
  }

  /// Lists in `sort` order from the first page. Calls waiting for the earlier order get `nil`.
  public nonisolated(nonsending) func setSort(_ sort: ProductSort?) async throws -> CatalogScreen? {
    try await answer(changeSort(to: sort))
  }

  /// The list with the next page appended. Concurrent calls share one fetch; `nil` when a new
  /// order replaced the list meanwhile.
  public nonisolated(nonsending) func loadNext() async throws -> CatalogScreen? {
    try await answer(fetch(.next))
  }

  /// ``loadNext()``, asking again after each failure until the page arrives, after a pause that
  /// starts at the links' first retry delay and doubles up to the longest.
  ///
  /// - Parameter failed: Called on the caller's actor with each failure, before the pause.
  /// - Throws: `CancellationError` when the calling task is cancelled, during a pause included.
  public nonisolated(nonsending) func loadNext(
    reportingFailures failed: (any Error) -> Void
  ) async throws -> CatalogScreen? {
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

  /// Runs on the caller's actor, in the job that commits the answer.
  private nonisolated func answer(_ built: ScreenDelivery<CatalogScreen>.Built?) -> CatalogScreen? {
    built.map(delivery.deliver)
  }
}
