/// Owns a paginated list: the items listed so far, the cursor of the next page and the fetch in
/// flight.
///
/// A screen asks for more when its user scrolls near the end and renders the snapshot it gets
/// back; the pager makes sure the upstream sees each page once, in order.
///
/// ```swift
/// let pager = Pager<Int, Product>(first: 0) { skip in
///   let reply = try await api.products(limit: 30, skip: skip)
///   let end = reply.skip + reply.products.count >= reply.total
///   return Page(items: reply.products, next: end ? nil : reply.skip + reply.products.count)
/// }
/// let snapshot = try await pager.loadNext()
/// ```
///
/// The guarantees:
/// - Concurrent ``loadNext()`` calls share one fetch of the next page.
/// - A failed fetch does not advance: the next call retries the same cursor.
/// - ``refresh()`` starts over. A page fetched for the old list is never appended, and the old
///   items stay in ``snapshot`` until the new first page arrives. Calls made while a refresh
///   runs wait for it.
/// - At the end of the list ``loadNext()`` fetches nothing.
/// - An item already listed is not listed again, so offset pages that shift when the server
///   inserts items do not show duplicates.
/// - A caller whose task is cancelled stops waiting with `CancellationError`; when it was the
///   last caller waiting for a fetch, the fetch is cancelled and the list does not change.
public actor Pager<Cursor: Sendable, Item: Identifiable & Sendable> where Item.ID: Sendable {
  /// Fetches the page at a cursor.
  public typealias Fetch = @Sendable (Cursor) async throws -> Page<Cursor, Item>

  private typealias Waiter = CheckedContinuation<PagerSnapshot<Item>, any Error>

  private let fetch: Fetch
  private var machine: PagerStateMachine<Cursor, Item, Waiter>
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private var waiterWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var runningFetches = 0
  private var fetchWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a pager that starts at `first` and has listed nothing yet.
  ///
  /// - Parameters:
  ///   - first: The cursor of the first page.
  ///   - fetch: Fetches one page. It runs in a task of the pager's own, cancelled when every
  ///     caller waiting for it has been cancelled or when a refresh replaces it.
  public init(first: Cursor, fetch: @escaping Fetch) {
    self.fetch = fetch
    self.machine = PagerStateMachine(first: first)
  }

  /// The items listed so far and whether there are more.
  public var snapshot: PagerSnapshot<Item> {
    PagerSnapshot(items: machine.items, hasMore: machine.hasMore)
  }

  /// Fetches the next page and returns everything listed so far.
  ///
  /// Joins the fetch already in flight if there is one (a refresh included). At the end of the
  /// list it returns at once without fetching.
  ///
  /// - Returns: The items listed so far, with the new page appended.
  /// - Throws: The fetch's error (nothing changes; the next call retries the same cursor), or
  ///   `CancellationError` when the calling task is cancelled.
  public func loadNext() async throws -> PagerSnapshot<Item> {
    try await wait { machine, waiterID, waiter in
      switch machine.loadNext(waiterID, waiter) {
      case .atEnd: return .answer
      case .joined: return .none
      case .start(let id, let cursor): return .start(id, cursor, replacing: nil)
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
  ///   task is cancelled.
  public func refresh() async throws -> PagerSnapshot<Item> {
    try await wait { machine, waiterID, waiter in
      switch machine.refresh(waiterID, waiter) {
      case .joined: return .none
      case .start(let id, let cursor, let replacing): return .start(id, cursor, replacing: replacing)
      }
    }
  }

  private enum Step {
    case none
    case answer
    case start(UInt64, Cursor, replacing: UInt64?)
  }

  private func wait(
    _ enter: (inout PagerStateMachine<Cursor, Item, Waiter>, UInt64, Waiter) -> Step
  ) async throws -> PagerSnapshot<Item> {
    let waiterID = machine.makeID()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (waiter: Waiter) in
        guard !Task.isCancelled else { return waiter.resume(throwing: CancellationError()) }
        switch enter(&machine, waiterID, waiter) {
        case .none: break
        case .answer: waiter.resume(returning: snapshot)
        case .start(let id, let cursor, let replacing):
          if let replacing { tasks.removeValue(forKey: replacing)?.cancel() }
          start(id, cursor: cursor)
        }
        resumeWaiterWatchers()
      }
    } onCancel: {
      Task { await self.leave(waiterID) }
    }
  }

  private func start(_ id: UInt64, cursor: Cursor) {
    let fetch = self.fetch
    runningFetches += 1
    tasks[id] = Task {
      let result = await Self.perform(fetch, cursor)
      self.finish(id, with: result)
    }
  }

  @concurrent private static func perform(
    _ fetch: Fetch, _ cursor: Cursor
  ) async -> Result<
    Page<Cursor, Item>, any Error
  > {
    do { return .success(try await fetch(cursor)) } catch { return .failure(error) }
  }

  private func finish(_ id: UInt64, with result: Result<Page<Cursor, Item>, any Error>) {
    tasks[id] = nil
    runningFetches -= 1
    let ended = fetchWatchers.filter { $0.count >= runningFetches }
    fetchWatchers.removeAll { $0.count >= runningFetches }
    for watcher in ended { watcher.continuation.resume() }
    guard let (waiters, error) = machine.finish(id, with: result.map { ($0.items, $0.next) }) else { return }
    let outcome: Result<PagerSnapshot<Item>, any Error> = error.map { .failure($0) } ?? .success(snapshot)
    for waiter in waiters { waiter.resume(with: outcome) }
  }

  private func leave(_ waiterID: UInt64) {
    let (waiter, abandoned) = machine.leave(waiterID)
    if let abandoned { tasks.removeValue(forKey: abandoned)?.cancel() }
    waiter?.resume(throwing: CancellationError())
  }

  /// Suspends until `count` callers wait for the current fetch; lets tests order their steps.
  func waitForWaiters(_ count: Int) async {
    await withCheckedContinuation { continuation in
      if (machine.current?.waiters.count ?? 0) >= count { return continuation.resume() }
      waiterWatchers.append((count, continuation))
    }
  }

  private func resumeWaiterWatchers() {
    let waiting = machine.current?.waiters.count ?? 0
    let ready = waiterWatchers.filter { $0.count <= waiting }
    waiterWatchers.removeAll { $0.count <= waiting }
    for watcher in ready { watcher.continuation.resume() }
  }

  /// Suspends until at most `count` fetches run, stale ones included; lets tests check that a
  /// late page was dropped.
  func waitForRunningFetches(atMost count: Int) async {
    await withCheckedContinuation { continuation in
      if runningFetches <= count { return continuation.resume() }
      fetchWatchers.append((count, continuation))
    }
  }
}
