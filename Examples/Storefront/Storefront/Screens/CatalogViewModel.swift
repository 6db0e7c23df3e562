import Custody
import Foundation
import Observation

/// The catalog screen's view model: one ``CatalogScreen`` loaded page by page, in one order.
///
/// It holds what the screen renders and nothing else. The list, its cursor and the fetch in
/// flight belong to a ``CatalogFeed``; the persisted first page to ``OfflineCatalog``;
/// favourites to ``Favorites``; saved edits to ``ProductRepository``. Screens are built off the
/// main actor by ``CatalogPipeline`` and replaced values are freed off it.
///
/// ```swift
/// let catalog = CatalogViewModel(environment: environment)
/// await catalog.start()          // the saved page at once, then the first live page
/// await catalog.loadMore()       // the next page, appended
/// await catalog.setSort(ProductSort(.price, .descending))
/// ```
///
/// The rules:
/// - The newest of ``start()``, ``refresh()`` and ``setSort(_:)`` wins: an older one that
///   answers last is never shown.
/// - A second ``loadMore()`` while one runs fetches nothing; a refresh or a new sort drops a
///   load-more in flight, so its page is never appended.
/// - Cancellation is neutral: the screen keeps what it showed and no message appears.
@MainActor @Observable
public final class CatalogViewModel {
  /// What the screen shows. While the page saved at the last run shows and the live page
  /// loads, it is `.loading` with a previous value of source
  /// ``CatalogScreen/Source/offline(savedAt:)``; if the live page fails, `.failed` with it.
  public private(set) var state: LoadState<CatalogScreen> = .idle
  /// Whether the next page is loading.
  public private(set) var isLoadingMore = false
  /// The order asked for last; the rows show ``CatalogScreen/sort`` once they arrive.
  public private(set) var sort: ProductSort?
  /// The category listed, or `nil` for all products.
  public let category: String?
  /// How many products the list passes over before its first row.
  public let skip: Int
  /// Products per page.
  public let pageSize: Int
  /// The favourite products, kept in sync by ``observeChanges()``.
  public private(set) var favorites: Set<Product.ID>
  /// Plain words for the failure shown: the first page's, else the next page's; `nil` when
  /// neither failed. Derived from state, so it never disagrees with what the screen shows.
  public var message: String? { (state.error ?? nextPageFailure?.error).flatMap(FailureCopy.message(for:)) }
  /// Why the last next page failed, while its rows stay; `nil` once a page arrives.
  public private(set) var nextPageFailure: LoadError?
  /// Whether ``observeChanges()`` runs, so favourites and saved edits reach this screen.
  public private(set) var isObservingChanges = false

  @ObservationIgnored let environment: StorefrontEnvironment
  @ObservationIgnored private var feed: CatalogFeed
  /// The first page: start, refresh and sort changes.
  @ObservationIgnored private let listLoad: LatestTask
  /// The next page.
  @ObservationIgnored private let moreLoad: LatestTask
  /// Counts commits of `state`, so a patch built off the main actor can tell it is stale.
  @ObservationIgnored var revision = 0

  /// Creates the view model; nothing loads until ``start()``.
  ///
  /// - Parameters:
  ///   - environment: The owners and services of the app.
  ///   - sort: The order to list in; `nil` for the server's order.
  ///   - category: A category slug, or `nil` for all products.
  ///   - skip: How many products to pass over, for a window deep in the catalog. The saved page
  ///     shows only for a list from the first product.
  ///   - pageSize: Products per page; `nil` for the configuration's. The page saved for the next
  ///     start is the app's own first page only: all products, in the order ``Preferences`` keeps,
  ///     in pages of the configuration's size, so another window never replaces it.
  public init(
    environment: StorefrontEnvironment, sort: ProductSort? = nil, category: String? = nil, skip: Int = 0,
    pageSize: Int? = nil
  ) {
    self.environment = environment
    self.sort = sort
    self.category = category
    self.skip = skip
    self.pageSize = pageSize ?? environment.configuration.pageSize
    self.feed = environment.catalogFeed(sort: sort, category: category, skip: skip, pageSize: self.pageSize)
    self.favorites = environment.favorites.ids
    listLoad = LatestTask(name: "catalog list", inspector: environment.inspector)
    moreLoad = LatestTask(name: "catalog more", inspector: environment.inspector)
  }

  // Going back drops the view model where its screen lived, on the main actor. Its rows and its
  // feed's pages may be the last copies of thousands of products: free them off the main actor.
  deinit {
    BackgroundRelease.release((_state, feed))
  }

  /// Shows the page saved at the last run at once, if there is one for this listing, then loads
  /// the first live page. On success the source becomes ``CatalogScreen/Source/live`` and the
  /// page is saved for the next start.
  ///
  /// Starting a screen that already shows a live page does nothing, so a screen that appears
  /// again keeps every page it loaded; ``refresh()`` starts over. A start that failed or was
  /// cancelled is tried again.
  public func start() async {
    guard state.value?.source != .live else { return }
    if state.value == nil, let snapshot = savedPage() {
      let outcome = await listLoad.run { await CatalogScreen.offline(snapshot) }
      guard case .completed(let screen) = outcome else { return }
      commit {
        $0.show(screen)
        $0.startLoading()  // the saved page shows while the live one loads
      }
    } else {
      commit { $0.startLoading() }
    }
    let feed = self.feed
    // The feed's first page; a refresh made meanwhile replaces it rather than joins it.
    await loadFirstPage(from: feed) { try await feed.loadNext() }
  }

  /// Starts the list over, as pull to refresh does. The rows stay until the new first page
  /// arrives; a first load or a load-more in flight is dropped.
  public func refresh() async {
    commit { $0.startLoading() }
    let feed = self.feed
    await loadFirstPage(from: feed) { try await feed.refresh() }
  }

  /// Lists in `sort` order from the first page, with a new feed. When sorts change quickly the
  /// newest wins: a slower earlier one is never shown.
  public func setSort(_ sort: ProductSort?) async {
    guard sort != self.sort else { return }
    self.sort = sort
    feed = environment.catalogFeed(sort: sort, category: category, skip: skip, pageSize: pageSize)
    commit { $0.startLoading() }
    let feed = self.feed
    await loadFirstPage(from: feed) { try await feed.loadNext() }
  }

  /// Appends the next page. Does nothing while a page or the first page loads, at the end of
  /// the list, or while the saved page shows.
  public func loadMore() async {
    await appendNextPage()
  }

  /// ``loadMore()``, telling what became of the page, so a failed page can be asked for again.
  @discardableResult
  func appendNextPage() async -> PageLoad {
    guard !isLoadingMore, !state.isLoading, let shown = state.value, shown.hasMore, shown.source == .live else {
      return .skipped
    }
    isLoadingMore = true
    defer { isLoadingMore = false }
    // Values held across a suspension may be the last copies when the method ends: hand them
    // to BackgroundRelease so they are freed off the main actor.
    defer { BackgroundRelease.release(shown) }
    let feed = self.feed
    var seen = revision
    let outcome = await moreLoad.run { () -> (CatalogSlice, CatalogScreen) in
      let slice = try await feed.loadNext()
      return (slice, await CatalogScreen.extending(shown, with: slice, sort: feed.sort))
    }
    switch outcome {
    case .completed(let (slice, built)):
      defer { BackgroundRelease.release(slice) }
      var screen = built
      // An edit patched in meanwhile is kept by building again on what shows now; a refresh or
      // a new sort begun meanwhile drops the page.
      while seen != revision {
        BackgroundRelease.release(screen)
        guard feed === self.feed, !state.isLoading, let current = state.value else { return .dropped }
        seen = revision
        screen = await CatalogScreen.extending(current, with: slice, sort: feed.sort)
        BackgroundRelease.release(current)
      }
      commit { $0.show(screen) }
      nextPageFailure = nil
      return .appended
    case .failed(let error):
      nextPageFailure = LoadError(error)  // the rows stay; the next call retries the page
      return .failed
    case .superseded, .cancelled:
      return .dropped
    }
  }

  /// Keeps the screen in agreement with the rest of the app until the calling task is
  /// cancelled, as SwiftUI's `.task {}` does when the screen goes away: ``favorites`` follows
  /// the ``Favorites`` owner, and a product saved anywhere replaces its row.
  ///
  /// ```swift
  /// List { … }
  ///   .task { await catalog.observeChanges() }
  /// ```
  public func observeChanges() async {
    // Subscribed before the first suspension, so nothing sent after this call is missed.
    let favoriteUpdates = environment.favorites.updates()
    let savedProducts = environment.repository.savedProducts()
    isObservingChanges = true
    defer { isObservingChanges = false }
    await withDiscardingTaskGroup { group in
      group.addTask { await self.follow(favoriteUpdates) }
      group.addTask { await self.follow(savedProducts) }
    }
  }

  private func follow(_ favoriteUpdates: AsyncStream<Set<Product.ID>>) async {
    for await ids in favoriteUpdates { favorites = ids }
  }

  private func follow(_ savedProducts: AsyncStream<Product>) async {
    for await product in savedProducts { await patch(with: product) }
  }

  /// The page saved at the last run, when it lists what this screen lists.
  private func savedPage() -> CatalogSnapshot? {
    guard category == nil, skip == 0, let snapshot = environment.offlineCatalog.snapshot, snapshot.sort == sort else {
      return nil
    }
    return snapshot
  }

  /// Runs `fetch` as the newest first-page load and shows its outcome.
  private func loadFirstPage(
    from feed: CatalogFeed, _ fetch: @escaping @Sendable () async throws -> CatalogSlice
  ) async {
    moreLoad.cancel()
    let sort = feed.sort
    let outcome = await listLoad.run { await CatalogPipeline.screen(for: try await fetch(), sort: sort) }
    if case .superseded = outcome { return }  // the newer load owns the screen
    commit { $0.apply(outcome) }
    guard case .completed(let screen) = outcome else { return }
    nextPageFailure = nil
    if isTheAppsFirstPage(feed) {
      environment.offlineCatalog.remember(screen.products, total: screen.total, sort: feed.sort)
    }
  }

  /// Whether `feed` lists what the app shows at start, so its first page is the one to keep for
  /// an offline start: another order than the one ``Preferences`` keeps, a category or a window
  /// of another size would replace it with a page the next start does not show.
  private func isTheAppsFirstPage(_ feed: CatalogFeed) -> Bool {
    feed.category == nil && feed.skip == 0 && feed.sort == environment.preferences.sort
      && feed.pageSize == environment.configuration.pageSize
  }

  /// Changes `state` and counts the change.
  func commit(_ change: (inout LoadState<CatalogScreen>) -> Void) {
    change(&state)
    revision &+= 1
  }
}
