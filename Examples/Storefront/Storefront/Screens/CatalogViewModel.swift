import Custody
import Observation

/// The catalog screen's view model: what the screen renders, and one ``CatalogFeed`` call per action.
/// The feed owns the pages, the order and category (the newest wins), the offline page and the edits.
@MainActor @Observable
public final class CatalogViewModel {
  /// The rows; `.loading` over the saved page (source `.offline`) while the live one loads.
  public private(set) var state: LoadState<CatalogScreen> = .idle
  public private(set) var isLoadingMore = false
  /// The order asked for last; the rows show ``CatalogScreen/sort`` once they arrive.
  public private(set) var sort: ProductSort?
  /// The category asked for last (`nil`: all); the rows show ``CatalogScreen/category`` once they arrive.
  public private(set) var category: String?
  public private(set) var favorites: Set<Product.ID>
  public private(set) var nextPageFailure: LoadError?  // while the rows stay
  public private(set) var isObservingChanges = false
  public var message: String? { (state.error ?? nextPageFailure?.error).flatMap(FailureCopy.message(for:)) }
  public var skippedMessage: String? { state.value.flatMap { SkippedProduct.sentence(for: $0.skipped) } }
  @ObservationIgnored private let feed: CatalogFeed

  /// The view model of `feed`, which lists `category` (`nil`: all) in `sort` order; nothing loads yet.
  public init(feed: CatalogFeed, sort: ProductSort? = nil, category: String? = nil, favorites: Set<Product.ID> = []) {
    (self.feed, self.sort, self.category, self.favorites) = (feed, sort, category, favorites)
  }

  /// The saved page at once, if it lists this listing, then the first live page; a live list stays.
  public func start() async {
    guard state.value?.source != .live else { return }
    if state.value == nil, let saved = await feed.savedScreen() { state = .loaded(saved) }
    await showFirstPage { try await feed.loadFirstPage() }
  }

  /// Starts the list over; the rows stay until the new first page arrives.
  public func refresh() async { await showFirstPage { try await feed.refresh() } }
  public func setSort(_ sort: ProductSort?) async { await list(sort, category) }
  /// Lists `category` (`nil`: all products) from its first page, in the order asked for last.
  public func setCategory(_ category: String?) async { await list(sort, category) }
  /// Appends the next page; nothing while the first loads, at the end, or on the saved page.
  public func loadMore() async { await showNextPage { try await feed.loadNext() } }

  /// ``loadMore()``, asking again (paced by the feed) after each failure, which shows meanwhile.
  public func loadMoreUntilLoaded() async {
    await showNextPage { try await feed.loadNext { nextPageFailure = LoadError($0) } }
  }

  /// Follows the favourites and saved products until the calling task is cancelled.
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

  private func list(_ sort: ProductSort?, _ category: String?) async {
    guard sort != self.sort || category != self.category else { return }
    (self.sort, self.category) = (sort, category)  // both: the newest query wins whole
    await showFirstPage { try await feed.setQuery(CatalogFeed.Query(sort: sort, category: category)) }
  }

  private func showFirstPage(_ load: () async throws -> CatalogScreen) async {
    state.startLoading()
    do { state.show(try await load()) } catch { return state.fail(error) }  // `show` frees the old rows off-main
    nextPageFailure = nil
  }

  private func showNextPage(_ load: () async throws -> CatalogScreen) async {
    guard !state.isLoading, let shown = state.value, shown.hasMore, shown.source == .live else { return }
    isLoadingMore = true
    defer { isLoadingMore = false }
    do {
      let screen = try await load()  // read before `state`, which may have changed meanwhile
      (state, nextPageFailure) = (state.showing(screen), nil)
    } catch  where !FailureCategory(error).isCancellation { nextPageFailure = LoadError(error) } catch {}
  }
}
