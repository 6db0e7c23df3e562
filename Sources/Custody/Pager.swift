/// Owns a paginated list: the items listed so far, the cursor of the next page and the fetch in
/// flight.
///
/// A screen asks for more when its user scrolls near the end and renders the snapshot it gets
/// back; the pager makes sure the upstream sees each page once, in order.
///
/// ```swift
/// let pager = Pager<Int, Product, Int>(first: 0) { skip in
///   let reply = try await api.products(limit: 30, skip: skip)
///   let end = reply.skip + reply.products.count >= reply.total
///   return Page(items: reply.products, next: end ? nil : reply.skip + reply.products.count, info: reply.total)
/// }
/// let snapshot = try await pager.loadNext()
/// print("\(snapshot.pagedItems.count) of \(snapshot.info ?? 0)")
/// ```
///
/// The guarantees:
/// - Concurrent ``loadNext()`` calls share one fetch of the next page.
/// - A failed fetch does not advance: the next call retries the same cursor.
/// - ``refresh()`` starts over. A page fetched for the old list is never appended, and the old
///   items (and the old ``PagerSnapshot/info``) stay in ``snapshot`` until the new first page
///   arrives. Calls made while a refresh
///   runs wait for it.
/// - At the end of the list ``loadNext()`` fetches nothing.
/// - An item already listed is not listed again, so offset pages that shift when the server
///   inserts items do not show duplicates.
/// - ``update(_:_:)`` patches a listed item at once, and a page fetched before the patch never
///   undoes it: the patched copy stands in for that page's copy of the item.
/// - ``reset()`` starts over with nothing listed, without fetching; the fetch in flight is
///   cancelled, its page is never kept and its callers get `CancellationError`.
/// - ``updates()`` streams the snapshot now and after every change.
/// - A caller whose task is cancelled stops waiting with `CancellationError`; when it was the
///   last caller waiting for a fetch, the fetch is cancelled and the list does not change.
///
/// A list whose user changes what it lists (a sort order, a search text) is a ``QueryPager``:
/// it switches its pager's query in place, with these rules for each query.
public actor Pager<Cursor: Sendable, Item: Identifiable & Sendable, Info: Sendable> where Item.ID: Sendable {
  /// Fetches the page at a cursor.
  public typealias Fetch = @Sendable (Cursor) async throws -> Page<Cursor, Item, Info>

  typealias Waiter = ReleasableWaiter<Answer>
  /// Hands callers to this actor in order, releasing a cancelled one at once (see ``JoinQueue``).
  private let joins = JoinQueue<Pager, Answer>()

  /// Fetches a page of the list listed now; a ``QueryPager`` replaces it when its query changes.
  var fetch: Fetch
  let inspection: Inspection?
  var machine: PagerStateMachine<Cursor, Item, Info, Waiter>
  var tasks: [UInt64: Task<Void, Never>] = [:]
  /// The screens watching the snapshot; one that falls behind gets only the newest.
  let observers = Broadcast<PagerSnapshot<Item, Info>>(keepingNewest: 1)
  /// Fetches cancelled because their last caller left; they end without another event.
  private var abandoned: Set<UInt64> = []
  /// Counts the changes of the snapshot, so answers can be told apart by age.
  var revision: UInt64 = 0
  /// The query listed, when a ``QueryPager`` drives this pager.
  var query: (any Sendable)?

  /// Creates a pager that starts at `first` and has listed nothing yet.
  ///
  /// - Parameters:
  ///   - first: The cursor of the first page.
  ///   - name: The name inspectors show, such as "catalog".
  ///   - inspector: Receives this pager's events (see ``OwnerInspector``): each fetch
  ///     ``OwnerEvent/Kind/started`` (next page or refresh), its callers
  ///     ``OwnerEvent/Kind/joined``, a next-page fetch a refresh replaced
  ///     ``OwnerEvent/Kind/detached`` (``OwnerEvent/Reason/refresh``) and later finished as
  ///     ``OwnerEvent/Outcome/dropped``, a fetch ``reset()`` cancelled detached
  ///     (``OwnerEvent/Reason/reset``) and dropped alike, ``OwnerEvent/Kind/pageAppended`` for
  ///     every page kept.
  ///   - fetch: Fetches one page. It runs in a task of the pager's own, cancelled when every
  ///     caller waiting for it has been cancelled, when a refresh replaces it or on ``reset()``.
  public init(first: Cursor, name: String? = nil, inspector: (any OwnerInspector)? = nil, fetch: @escaping Fetch) {
    self.init(first: first, name: name, inspector: inspector, query: nil, fetch: fetch)
  }

  init(first: Cursor, name: String?, inspector: (any OwnerInspector)?, query: (any Sendable)?, fetch: @escaping Fetch) {
    self.fetch = fetch
    self.query = query
    self.inspection = .unkeyed(.pager, name: name, inspector: inspector)
    self.machine = PagerStateMachine(first: first)
  }

  /// The items listed so far, whether there are more, and the last page's info.
  public var snapshot: PagerSnapshot<Item, Info> {
    PagerSnapshot(pagedItems: machine.items, hasMore: machine.hasMore, info: machine.info)
  }

  /// Fetches the next page and returns everything listed so far.
  ///
  /// Joins the fetch already in flight if there is one (a refresh included). At the end of the
  /// list it returns at once without fetching.
  ///
  /// - Returns: The items listed so far, with the new page appended.
  /// - Throws: The fetch's error (nothing changes; the next call retries the same cursor), or
  ///   `CancellationError` when the calling task is cancelled or ``reset()`` cancelled the fetch.
  nonisolated public func loadNext() async throws -> PagerSnapshot<Item, Info> {
    try await nextAnswer().snapshot
  }

  nonisolated func nextAnswer() async throws -> Answer {
    try await wait { pager, waiterID, waiter in
      switch pager.machine.loadNext(waiterID, waiter) {
      case .atEnd: return .answer
      case .joined: return .none
      case .start(let id, let cursor): return .start(id, cursor, .nextPage, replacing: nil)
      }
    }
  }

  /// Starts the list over from the first page and returns the new first page.
  ///
  /// The old items stay in ``snapshot`` until the new first page arrives. A next-page fetch in
  /// flight is cancelled and its page is dropped; its callers get the new first page instead.
  /// Concurrent refreshes share one fetch.
  ///
  /// - Returns: The new first page, once it replaced the old list.
  /// - Throws: The fetch's error (the old list stays), or `CancellationError` when the calling
  ///   task is cancelled or ``reset()`` cancelled the fetch.
  nonisolated public func refresh() async throws -> PagerSnapshot<Item, Info> {
    try await refreshAnswer().snapshot
  }

  nonisolated func refreshAnswer() async throws -> Answer {
    try await wait { pager, waiterID, waiter in
      switch pager.machine.refresh(waiterID, waiter) {
      case .joined: return .none
      case .start(let id, let cursor, let replacing): return .start(id, cursor, .refresh, replacing: replacing)
      }
    }
  }

  enum Step {
    case none
    case answer
    /// Start a fetch; `emptied` when the list was emptied for it (a query switched).
    case start(UInt64, Cursor, OwnerEvent.Reason, replacing: UInt64?, emptied: Bool = false)
  }

  /// Waits for an answer, as `enter` decides on the pager's actor with the machine, the caller's
  /// identifier and its waiter. The wait itself runs where the caller runs, so its cancellation
  /// releases it without a hop to the pager.
  nonisolated func wait(_ enter: @escaping @Sendable (isolated Pager, UInt64, Waiter) -> Step) async throws -> Answer {
    try await joins.wait(on: self) { pager, waiter in
      pager.join(waiter, enter)
    } leave: { pager, waiterID in
      pager.leave(waiterID)
    }
  }

  /// Answers `waiter` or keeps it with a fetch; returns the identifier it waits under.
  private func join(_ waiter: Waiter, _ enter: (isolated Pager, UInt64, Waiter) -> Step) -> UInt64? {
    let waiterID = machine.makeID()
    switch enter(self, waiterID, waiter) {
    case .none: break
    case .answer:
      waiter.resume(returning: answer)
      return nil
    case .start(let id, let cursor, let kind, let replacing, let emptied):
      if let replacing {
        tasks.removeValue(forKey: replacing)?.cancel()
        inspection?.record(.detached(replacing, .refresh))
      }
      if emptied { publish() }
      inspection?.record(.started(id, kind))
      start(id, cursor: cursor)
    }
    if let inspection, let current = machine.current {
      inspection.record(.joined(current.id, waiters: current.waiters.count))
    }
    return waiterID
  }

  private func start(_ id: UInt64, cursor: Cursor) {
    let fetch = self.fetch
    let clock = inspection.map(FlightClock.init)
    tasks[id] = Task {
      let result = await Self.perform(fetch, cursor)
      self.finish(id, with: result, duration: clock?.elapsed)
    }
  }

  @concurrent private static func perform(
    _ fetch: Fetch, _ cursor: Cursor
  ) async -> Result<Page<Cursor, Item, Info>, any Error> {
    do { return .success(try await fetch(cursor)) } catch { return .failure(error) }
  }

  private func finish(_ id: UInt64, with result: Result<Page<Cursor, Item, Info>, any Error>, duration: Duration?) {
    tasks[id] = nil
    if abandoned.remove(id) != nil { return }
    let listedBefore = machine.current?.id == id && machine.current?.kind == .next ? machine.items.count : 0
    guard let (waiters, error) = machine.finish(id, with: result.map { ($0.items, $0.next, $0.info) }) else {
      if let inspection, let duration { inspection.record(.finished(id, duration: duration, outcome: .dropped)) }
      return
    }
    if let inspection, let duration {
      inspection.record(.finished(id, duration: duration, outcome: .init(result)))
      if error == nil {
        inspection.record(.pageAppended(items: machine.items.count - listedBefore, listed: machine.items.count))
      }
    }
    if error == nil { publish() }
    let outcome: Result<Answer, any Error> = error.map { .failure($0) } ?? .success(answer)
    for waiter in waiters { waiter.resume(with: outcome) }
  }

  /// Sends the snapshot to every ``updates()`` stream, after a change.
  func publish() {
    revision &+= 1
    observers.send(snapshot)
  }

  /// The snapshot as an answer: with its age and the query it lists.
  var answer: Answer { Answer(snapshot: snapshot, revision: revision, query: query) }

  private func leave(_ waiterID: UInt64) {
    let exit = machine.leave(waiterID)
    if exit.isAbandoned, let fetch = exit.flight {
      tasks.removeValue(forKey: fetch)?.cancel()
      abandoned.insert(fetch)
    }
    if let inspection, let event = exit.event { inspection.record(event) }
    exit.resume()
  }
}
