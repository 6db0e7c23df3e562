import Custody
import Observation

/// The catalog screen's view model: one ``CatalogScreen`` loaded page by page, in one order.
///
/// It holds what the screen renders, and each action is one call of its ``CatalogFeed``: the
/// feed owns the pages, builds every screen off the main actor, patches edits in, keeps
/// the offline page and frees replaced screens off the main actor. Each answer is one assignment.
///
/// ```swift
/// let catalog = CatalogViewModel(environment: environment)
/// await catalog.start()          // the saved page at once, then the first live page
/// await catalog.loadMore()       // the next page, appended
/// await catalog.setSort(ProductSort(.price, .descending))
/// ```
///
/// The rules are the feed's: the newest of ``start()``, ``refresh()`` and ``setSort(_:)`` wins; a
/// refresh or a new sort drops a next page in flight. Cancellation shows no message.
@MainActor @Observable
public final class CatalogViewModel {
  /// What the screen shows: while the saved page shows and the live one loads, `.loading` with a
  /// previous value of source ``CatalogScreen/Source/offline(savedAt:)``; `.failed` if it fails.
  ///
  /// Assigned without comparing: `@Observable` compares an `Equatable` property's old and new
  /// values before it notifies, and two screens of 10,000 products take milliseconds to
  /// compare on the main actor. Every screen the feed answers is a new one.
  public private(set) var state: LoadState<CatalogScreen> {
    get {
      access(keyPath: \.state)
      return shownState
    }
    set {
      withMutation(keyPath: \.state) { shownState = newValue }
    }
  }
  @ObservationIgnored private var shownState: LoadState<CatalogScreen> = .idle
  /// Whether the next page is loading.
  public private(set) var isLoadingMore = false
  /// The order asked for last; the rows show ``CatalogScreen/sort`` once they arrive.
  public private(set) var sort: ProductSort?
  /// The favourite products, kept in sync by ``observeChanges()``.
  public private(set) var favorites: Set<Product.ID>
  /// Plain words for the failure shown: the first page's, else the next page's; derived from state.
  public var message: String? { (state.error ?? nextPageFailure?.error).flatMap(FailureCopy.message(for:)) }
  /// Plain words for the products the server sent that could not be read and are not listed,
  /// naming them and why; `nil` when every one was read. Derived from state.
  public var skippedMessage: String? { state.value.flatMap { SkippedProduct.sentence(for: $0.skipped) } }
  /// Why the last next page failed, while its rows stay; `nil` once a page arrives.
  public private(set) var nextPageFailure: LoadError?
  /// Whether ``observeChanges()`` runs, so favourites and edits reach this screen.
  public private(set) var isObservingChanges = false

  @ObservationIgnored private let feed: CatalogFeed

  /// Creates the view model over `environment`'s feed for `sort`, `category` (`nil`: all), a
  /// window after `skip` products and `pageSize` (`nil`: the configuration's); nothing loads yet.
  public init(
    environment: StorefrontEnvironment, sort: ProductSort? = nil, category: String? = nil, skip: Int = 0,
    pageSize: Int? = nil
  ) {
    self.sort = sort
    feed = environment.catalogFeed(sort: sort, category: category, skip: skip, pageSize: pageSize)
    favorites = environment.favorites.ids
  }

  /// Shows the page saved at the last run at once, if it lists this listing, then loads the first
  /// live page. A screen that shows a live page already keeps it, with every page it loaded.
  public func start() async {
    guard state.value?.source != .live else { return }
    if state.value == nil, let saved = await feed.savedScreen() { state = .loaded(saved) }
    state.startLoading()  // the saved page, if any, shows while the live one loads
    await showFirstPage { try await feed.loadFirstPage() }
  }

  /// Starts the list over, as pull to refresh does. The rows stay until the new first page arrives.
  public func refresh() async {
    state.startLoading()
    await showFirstPage { try await feed.refresh() }
  }

  /// Lists in `sort` order from the first page. When sorts change quickly the newest wins.
  public func setSort(_ sort: ProductSort?) async {
    guard sort != self.sort else { return }
    self.sort = sort
    state.startLoading()
    await showFirstPage { try await feed.setSort(sort) }
  }

  /// Appends the next page. Does nothing while the first page loads, at the end of the list, or
  /// while the saved page shows.
  public func loadMore() async {
    await showNextPage { try await feed.loadNext() }
  }

  /// ``loadMore()``, asking again after each failure (shown meanwhile) until the page arrives or
  /// the calling task is cancelled; the feed paces the attempts.
  public func loadMoreUntilLoaded() async {
    await showNextPage { try await feed.loadNext { nextPageFailure = LoadError($0) } }
  }

  /// Follows the favourites and the products saved anywhere until the calling task is cancelled,
  /// as SwiftUI's `.task {}` is when the screen goes away.
  public func observeChanges() async {
    isObservingChanges = true
    defer { isObservingChanges = false }
    await feed.followChanges { change in
      switch change {
      case .favorites(let ids): favorites = ids
      case .screen(let screen): state = state.replacingValue(with: screen)
      }
    }
  }

  private func showFirstPage(_ load: () async throws -> CatalogScreen?) async {
    do {
      guard let screen = try await load() else { return }  // a newer order owns the screen
      state = .loaded(screen)
      nextPageFailure = nil
    } catch {
      state.fail(error)  // cancellation shows what showed before
    }
  }

  private func showNextPage(_ load: () async throws -> CatalogScreen?) async {
    guard !state.isLoading, let shown = state.value, shown.hasMore, shown.source == .live else { return }
    isLoadingMore = true
    defer { isLoadingMore = false }
    do {
      guard let screen = try await load() else { return }  // a new order replaced the list
      state = state.showing(screen)
      nextPageFailure = nil
    } catch  where !FailureCategory(error).isCancellation {
      nextPageFailure = LoadError(error)  // the rows stay; the next call asks for the page again
    } catch {}
  }
}
