/// The rules of a ``Pager`` as a plain value: what is listed, which fetch is current and who
/// waits for it. Methods return what the owner must do next; the owner runs fetches and resumes
/// waiters. `Waiter` is generic so the rules are tested without any concurrency.
///
/// At most one fetch is current. A next-page fetch is joined by later `loadNext()` calls; a
/// refresh replaces it (its waiters move to the refresh, its page is never appended) and is
/// joined by every later call until the new first page arrives. `reset()` drops the current
/// fetch and everything listed.
///
/// An update patches a listed item at once and is kept with the current fetch, whose page was
/// fetched before it: when that page is kept, the patched copy stands in for the page's copy of
/// the item (P6). A fetch that starts later sees the edit on the server, so a new fetch starts
/// with no patches, and they end with the fetch they were kept for.
struct PagerStateMachine<Cursor, Item: Identifiable & Sendable, Info, Waiter> {
  enum Kind: Equatable { case next, refresh }

  struct Fetch {
    let id: UInt64
    let kind: Kind
    var waiters = Waiters<Waiter>()
    /// Items updated while this fetch ran, by id: they replace the page's copies.
    var patches: [Item.ID: Item] = [:]
  }

  enum LoadNextAction {
    /// The end of the list: nothing to fetch; answer with the current items.
    case atEnd
    /// The waiter joined the current fetch.
    case joined
    /// Start fetch `id` for `cursor`.
    case start(id: UInt64, cursor: Cursor)
  }

  enum RefreshAction {
    case joined
    /// Start fetch `id` for the first cursor; cancel the fetch `replacing`, whose result is dropped.
    case start(id: UInt64, cursor: Cursor, replacing: UInt64?)
  }

  /// Kept by page, so a snapshot that shares them is never copied when a page is appended.
  private(set) var items = PagedItems<Item>()
  /// The info of the last page kept.
  private(set) var info: Info?
  /// Where each listed item is in `items`: items are only appended, or all replaced.
  private var positions: [Item.ID: Int] = [:]
  /// The cursor of the next page; `nil` at the end of the list.
  private var next: Cursor?
  private let first: Cursor
  private(set) var current: Fetch?
  private var ids = FlightIDs()

  init(first: Cursor) {
    self.first = first
    self.next = first
  }

  var hasMore: Bool { next != nil }

  /// A fresh identifier for a waiter.
  mutating func makeID() -> UInt64 { ids.makeID() }

  mutating func loadNext(_ waiterID: UInt64, _ waiter: Waiter) -> LoadNextAction {
    if current != nil {
      current?.waiters.append(waiterID, waiter)
      return .joined
    }
    guard let next else { return .atEnd }
    let id = ids.makeFlightID()
    current = Fetch(id: id, kind: .next, waiters: Waiters(waiterID, waiter))
    return .start(id: id, cursor: next)
  }

  /// Starts over. The replaced fetch's patches are dropped with it: the refresh starts after
  /// them, so its page already has them.
  mutating func refresh(_ waiterID: UInt64, _ waiter: Waiter) -> RefreshAction {
    if current?.kind == .refresh {
      current?.waiters.append(waiterID, waiter)
      return .joined
    }
    let replaced = current
    let id = ids.makeFlightID()
    var waiters = replaced?.waiters ?? Waiters()
    waiters.append(waiterID, waiter)
    current = Fetch(id: id, kind: .refresh, waiters: waiters)
    return .start(id: id, cursor: first, replacing: replaced?.id)
  }

  /// Starts over for another list (a query switched): nothing listed, and a first-page fetch
  /// that takes over the waiters of the fetch it replaces, whose page is never kept. The
  /// replaced fetch's patches go with it: they were patches of the old list.
  mutating func restart(_ waiterID: UInt64, _ waiter: Waiter) -> RefreshAction {
    let replaced = current
    current = nil
    clear()
    let id = ids.makeFlightID()
    var waiters = replaced?.waiters ?? Waiters()
    waiters.append(waiterID, waiter)
    current = Fetch(id: id, kind: .refresh, waiters: waiters)
    return .start(id: id, cursor: first, replacing: replaced?.id)
  }

  /// The first page: joins the fetch in flight; answers at once when a page is listed (or the
  /// list is known to be empty); otherwise starts the first fetch.
  mutating func loadFirst(_ waiterID: UInt64, _ waiter: Waiter) -> LoadNextAction {
    if current == nil, info != nil || next == nil { return .atEnd }
    return loadNext(waiterID, waiter)
  }

  /// Applies `change` to the listed item `id` and keeps the result for the current fetch.
  /// Returns false, changing nothing, when no item `id` is listed.
  mutating func update(_ id: Item.ID, _ change: (inout Item) -> Void) -> Bool {
    guard let index = positions[id] else { return false }
    var item = items[index]
    change(&item)
    precondition(item.id == id, "Pager.update(_:_:) changed the id of the item it updates")
    items.replace(at: index, with: item)
    current?.patches[id] = item
    return true
  }

  /// Back to the first cursor with nothing listed. Returns the fetch that was current, to
  /// cancel, with its waiters; its result will be dropped and its patches are gone.
  mutating func reset() -> (id: UInt64, waiters: [Waiter])? {
    let dropped = current
    current = nil
    clear()
    return dropped.map { ($0.id, $0.waiters.inOrder) }
  }

  private mutating func clear() {
    items = PagedItems()
    positions = [:]
    info = nil
    next = first
  }

  /// Removes a cancelled waiter. When it was the last waiter of the current fetch, the fetch is
  /// abandoned and nothing changes.
  mutating func leave(_ waiterID: UInt64) -> FlightExit<Waiter> {
    guard let fetch = current, let waiter = current?.waiters.remove(waiterID) else { return FlightExit() }
    var exit = FlightExit(waiter, left: fetch.id, remaining: fetch.waiters.count - 1)
    guard exit.remaining == 0 else { return exit }
    current = nil
    exit.abandon()
    return exit
  }

  /// Ends fetch `id`. Returns nil when it is no longer current (its result is dropped); otherwise
  /// commits a page, with the updates made while it ran, and returns the waiters to answer. A
  /// failure changes nothing.
  mutating func finish(
    _ id: UInt64, with result: Result<([Item], Cursor?, Info), any Error>
  ) -> (
    waiters: [Waiter], error: (any Error)?
  )? {
    guard let fetch = current, fetch.id == id else { return nil }
    current = nil
    switch result {
    case .success(let (pageItems, pageNext, pageInfo)):
      if fetch.kind == .refresh {
        items = PagedItems()
        positions = [:]
      }
      var page: [Item] = []
      page.reserveCapacity(pageItems.count)
      for item in pageItems where positions[item.id] == nil {
        positions[item.id] = items.count + page.count
        page.append(fetch.patches[item.id] ?? item)
      }
      items.append(page: page)
      next = pageNext
      info = pageInfo
      return (fetch.waiters.inOrder, nil)
    case .failure(let error):
      return (fetch.waiters.inOrder, error)
    }
  }
}

extension PagerStateMachine.LoadNextAction: Equatable where Cursor: Equatable {}
extension PagerStateMachine.RefreshAction: Equatable where Cursor: Equatable {}
