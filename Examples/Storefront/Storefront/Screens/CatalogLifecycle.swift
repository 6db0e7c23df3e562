import Custody
import Observation

/// What the catalog screen does as it appears, disappears, comes back and scrolls to its end,
/// in one place that the SwiftUI view and the UIKit controller both call.
///
/// - Appearing starts the list the first time only: coming back from a product, or to its tab,
///   keeps every page loaded (``CatalogViewModel/start()`` is idempotent).
/// - Favourites and edits are followed from the first appearance for as long as the
///   lifecycle lives, so a change made on a screen pushed on top shows when the user comes back.
/// - The row at the end of the list loads the next page while it is visible; a page that fails
///   is asked for again, paced by ``CatalogFeed``, until it arrives or the row goes.
///   ``paginationKey`` changes whenever the list changes in a way that may allow another page,
///   so a row that found nothing to do runs again.
///
/// ```swift
/// List { … ; NextPageRow().task(id: lifecycle.paginationKey) { await lifecycle.nextPageRowAppeared() } }
///   .task { await lifecycle.appeared() }
/// ```
@MainActor
public final class CatalogLifecycle {
  /// What decides whether the row at the end of the list should ask for a page again.
  public struct PaginationKey: Sendable, Hashable {
    /// How many rows the list shows.
    public var rows: Int
    /// Whether the first page loads (a start, refresh or new sort).
    public var isLoadingFirstPage: Bool
    /// Whether the rows come from the server in this run rather than from the saved page.
    public var isLive: Bool
    /// Whether there are more pages.
    public var hasMore: Bool
  }

  /// The screen's view model.
  public let model: CatalogViewModel

  /// Each duty's work, cancelled when it is started again, stopped, or the lifecycle goes.
  private let following = LatestTask(name: "catalog changes")
  let appearance = LatestTask(name: "catalog appearance")
  let pagination = LatestTask(name: "catalog next page row")
  var paginatedKey: PaginationKey?
  var isNextPageRowVisible = false

  /// Creates the lifecycle of the screen that shows `model`, the catalog's view model, created
  /// once where the screen is owned.
  public init(model: CatalogViewModel) {
    self.model = model
  }

  /// Whether a spinner covers the screen: the first page loads and nothing shows yet.
  public var showsFirstLoad: Bool { model.state.isLoading && model.state.value == nil }

  /// The screen came on screen; returns once the list is loaded. Cancelling the calling task,
  /// as SwiftUI does when the screen goes away, abandons a first load that has not finished.
  public func appeared() async {
    if !following.isRunning { following.start { [model] in await model.observeChanges() } }
    await model.start()
  }

  /// See ``PaginationKey``: give it as the id of the task of the row at the end of the list.
  public var paginationKey: PaginationKey {
    let screen = model.state.value
    return PaginationKey(
      rows: screen?.products.count ?? 0, isLoadingFirstPage: model.state.isLoading, isLive: screen?.source == .live,
      hasMore: screen?.hasMore ?? false)
  }

  /// The row at the end of the list is visible: loads the next page, and after a failure asks
  /// again until the page arrives or the calling task is cancelled (the row went away), paced by
  /// the catalog's feed. Returns at once when there is nothing to load now; a change of
  /// ``paginationKey`` says when to call again.
  public func nextPageRowAppeared() async {
    await model.loadMoreUntilLoaded()
  }
}
