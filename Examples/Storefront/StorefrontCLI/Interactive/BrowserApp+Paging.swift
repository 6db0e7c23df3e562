import Custody
import Foundation
import Storefront

extension BrowserApp {
  /// Runs `load` on the catalog and notes when it last brought a live page: a load that failed
  /// leaves the time of the last one that did not. Then fetches more pages while the rows do
  /// not fill the window. A remark on why a key did nothing is out of date once a load ends.
  func loadCatalog(_ load: @MainActor () async -> Void) async {
    await load()
    remark = nil
    fillWindow()
    guard catalog.message == nil, case .loaded(let screen) = catalog.state, screen.source == .live else { return }
    updatedAt = environment.configuration.now()
  }

  /// How long rows stay fresh for a focus-in: the cached searches' freshness.
  static let rowsFreshFor: TimeInterval = 60

  /// The terminal's window gained or lost focus, as a browser tab does: the app's lifecycle hub
  /// hears it, so every cache that follows it reloads the stale values screens watch (the
  /// product of the details and the results of the search shown, see ``followShownScreen()``,
  /// as the SwiftUI screens watch theirs), and a focus-in refreshes the catalog when its rows
  /// are stale (see ``rowsAreStale``), keeping the selected product.
  func focusChanged(gained: Bool) {
    environment.appEvents.send(gained ? .didBecomeActive : .didResignActive)
    guard gained else { return }
    // Another window on this data folder may have changed the favourites meanwhile.
    start { await self.environment.favorites.reload() }
    guard rowsAreStale else { return }
    start { await self.reloadCatalog { await self.catalog.refresh() } }
  }

  /// Whether a focus-in should load the catalog again: it shows the page saved at the last run,
  /// or its first page failed, or its last live page came longer ago than ``rowsFreshFor``.
  /// Rows loading already are not stale: their answer comes anyway.
  var rowsAreStale: Bool {
    guard !catalog.state.isLoading else { return false }
    guard let screen = catalog.state.value else { return catalog.state.failure != nil }
    if case .offline = screen.source { return true }
    guard let updatedAt else { return true }
    return environment.configuration.now().timeIntervalSince(updatedAt) >= Self.rowsFreshFor
  }

  /// Fetches the next page, one at a time however many keys ask; then applies the Down presses
  /// that waited for it (fetching again while they reach past the end, or while the rows do not
  /// fill the window), then the keys that came behind them. `jumping` selects the first new
  /// row, as `n` does.
  func fetchNextPage(jumping: Bool) {
    guard !isFetchingNextPage, catalog.state.value?.hasMore == true else { return }
    isFetchingNextPage = true
    start {
      var jumping = jumping
      while true {
        let before = self.catalog.state.value?.products.count ?? 0
        await self.loadCatalog { await self.catalog.loadMore() }
        let rows = self.catalog.state.value?.products.count ?? 0
        if jumping && rows > before && self.catalogSelection < before { self.catalogSelection = before }
        jumping = false
        let moved = min(self.pendingMoves, max(rows - 1 - self.catalogSelection, 0))
        self.catalogSelection += moved
        self.pendingMoves -= moved
        guard self.pendingMoves > 0 || self.rowsShortOfWindow, rows > before,
          self.catalog.state.value?.hasMore == true
        else { break }
      }
      self.pendingMoves = 0
      self.isFetchingNextPage = false
      self.replayDeferredKeys()
    }
  }

  /// Whether the live list has fewer rows than the window shows and more pages to fetch.
  var rowsShortOfWindow: Bool {
    guard !catalog.state.isLoading, let screen = catalog.state.value, screen.source == .live else { return false }
    return screen.hasMore && screen.products.count < visibleRows
  }

  /// Fetches pages until the rows fill the window: after the first page, and when the window grows.
  func fillWindow() {
    if rowsShortOfWindow { fetchNextPage(jumping: false) }
  }

  /// Why no next page can be fetched now, in the status line's words; `nil` when one can.
  func whyNoNextPage() -> String? {
    guard let screen = catalog.state.value else { return "the first page is still loading" }
    if case .offline = screen.source {
      let retry = catalog.state.isLoading ? "" : " (r tries again)"
      return "the saved page shows until the live catalog loads" + retry
    }
    if catalog.state.isLoading { return "the list is still loading: its next page can be fetched once it has loaded" }
    if !screen.hasMore { return "that was the last page: \(screen.products.count) of \(screen.total)" }
    return nil
  }

  /// Runs `load`, which replaces the list with a new first page (a start or a refresh), and
  /// keeps the selected product selected when the new list has it, else selects the first row.
  ///
  /// The rows do not change while such a load runs (a next page is dropped, an edit keeps its
  /// row's id), so the product selected when it ends is the one at the selection in the rows
  /// read before it.
  func reloadCatalog(_ load: @MainActor () async -> Void) async {
    let before = catalog.state.value?.products ?? []
    await loadCatalog(load)
    guard before.indices.contains(catalogSelection) else { return }
    let selected = before[catalogSelection].id
    catalogSelection = catalog.state.value?.products.firstIndex { $0.id == selected } ?? 0
  }

  func replayDeferredKeys() {
    while !deferredKeys.isEmpty, pendingMoves == 0 {
      let key = deferredKeys.removeFirst()
      notice = nil
      failure = nil
      remark = nil
      _ = handle(key)  // `q`, the only key that quits, never waits
    }
  }
}
