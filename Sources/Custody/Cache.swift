/// Values shared by screens, with freshness, coalesced loads and a bounded size.
///
/// A cache owns what a view model must not: values that outlive a screen, the loads that fill
/// them, and the rules that keep a late load from overwriting something newer.
///
/// ```swift
/// let products = Cache<Product.ID, Product>(policy: .init(freshFor: .seconds(60), staleFor: .seconds(600)))
///
/// // Any isolation, including the main actor; concurrent callers share one load.
/// let product = try await products.value(for: id) { try await api.product(id) }
///
/// // Synchronous, for a first frame without a spinner.
/// let shown = products.cachedValue(for: id)
///
/// // After a mutation, the new value wins over any load that started before.
/// products.set(updated, for: id)
/// ```
///
/// The guarantees:
/// - A fresh value is returned without loading; a missing one is loaded once for all
///   concurrent callers, with ``SingleFlight``'s cancellation rules.
/// - Freshness uses the injected clock: fresh for `freshFor`; then, for `staleFor`, the stale
///   value is returned at once while one background revalidation runs; after that callers
///   wait for a load.
/// - ``invalidate(_:)`` and ``removeAll()``: a load that started before never writes its result,
///   and a call made after never joins it. ``set(_:for:)`` wins over any earlier load.
/// - ``refresh(_:load:)`` always loads and commits; concurrent refreshes share one load.
/// - The least recently used values go first when the count or cost limit is passed.
/// - ``updates(for:)`` streams every committed change of a key.
/// - A failed load keeps the previous value.
public final class Cache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The freshness and size rules this cache applies.
  public let policy: CachePolicy

  @usableFromInline let state: LockedState<CacheState<Key, Value>>
  /// Update streams whose consumer went away, to drop the next time the state is locked. A
  /// stream's termination handler runs while the runtime holds the consumer task's status
  /// lock, and a yield under the cache's lock takes that same status lock: taking the cache's
  /// lock in the handler could deadlock, so it only records the stream here.
  let endedObservers = LockedState<[(key: Key, id: UInt64)]>([])
  @usableFromInline let now: @Sendable () -> Duration
  private let cost: @Sendable (Value) -> Int

  /// Creates an empty cache.
  ///
  /// - Parameters:
  ///   - policy: Freshness and size limits.
  ///   - clock: The time freshness is measured in; pass a test clock in tests.
  ///   - cost: The cost of one value, for `policy.costLimit` (for example its byte size).
  public init(
    policy: CachePolicy = .init(), clock: some Clock<Duration> = ContinuousClock(),
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 }
  ) {
    self.policy = policy
    self.state = LockedState(CacheState(policy: policy))
    self.now = Self.elapsedTime(on: clock)
    self.cost = cost
  }

  /// Time since the cache was made, on `clock`. The usual clock gets a concrete closure: the
  /// fresh-hit path reads it on every call.
  private static func elapsedTime(on clock: some Clock<Duration>) -> @Sendable () -> Duration {
    if clock is ContinuousClock {
      let origin = ContinuousClock.now
      return { origin.duration(to: .now) }
    }
    let origin = clock.now
    return { origin.duration(to: clock.now) }
  }

  deinit {
    for continuation in state.withLock({ $0.takeAllObservers() }) { continuation.finish() }
  }

  /// Returns the value for `key`, loading it when there is none fresh enough.
  ///
  /// A fresh value is returned at once. A stale value (within `policy.staleFor`) is returned at
  /// once and one background revalidation starts with `load`. Otherwise the caller waits for a
  /// load that every concurrent caller of `key` shares.
  ///
  /// - Parameters:
  ///   - key: The value's key.
  ///   - load: Produces the value when it must be loaded.
  /// - Returns: The cached or loaded value.
  /// - Throws: The load's error (the previous value, if any, is kept), or `CancellationError`
  ///   when the calling task is cancelled while waiting.
  @inlinable
  public func value(for key: Key, load: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let now = self.now()
    if let fresh = state.withLock({ $0.freshValue(key, now: now) }) { return fresh }
    return try await valueWithoutFreshHit(for: key, now: now, load: load)
  }

  /// `value(for:load:)` past the fresh hit: a stale hit, or a load to wait for.
  @usableFromInline
  func valueWithoutFreshHit(
    for key: Key, now: Duration, load: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let (hit, orphan) = state.withLock { state in lookupForCaller(key, now: now, load: load, in: &state) }
    orphan?.cancel()
    if let hit { return hit }
    return try await join(key, kind: .load, load: load)
  }

  /// Loads a new value for `key` whatever is cached, and commits it.
  ///
  /// Concurrent refreshes of one key share one load. A load that was running when the refresh
  /// began is left to its own callers and does not commit.
  ///
  /// - Returns: The loaded value.
  /// - Throws: The load's error (the previous value is kept), or `CancellationError`.
  public func refresh(_ key: Key, load: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await join(key, kind: .refresh, load: load)
  }

  /// The committed value for `key`, whatever its age, without loading.
  ///
  /// Synchronous and safe from any isolation, the main actor included: a screen can show a
  /// cached value in its first frame.
  @inlinable
  public func cachedValue(for key: Key) -> Value? {
    state.withLock { $0.peek(key) }
  }

  /// Stores `value` for `key`, for example after a successful mutation. It wins over any load
  /// for `key` that started before: that load's callers still get its result, but the result
  /// is not committed.
  public func set(_ value: Value, for key: Key) {
    let cost = self.cost(value)
    let now = self.now()
    detaching { state in
      let orphan = state.flights.detach(key)
      state.commit(value, cost: cost, for: key, now: now)
      return [orphan].compactMap(\.self)
    }
  }

  /// Removes the value for `key`. A load that started before never commits, and later callers
  /// start a new one.
  public func invalidate(_ key: Key) {
    detaching { state in
      let orphan = state.flights.detach(key)
      state.remove(key)
      return [orphan].compactMap(\.self)
    }
  }

  /// Removes every value, detaches every load and cancels background revalidations.
  public func removeAll() {
    detaching { state in
      let orphans = state.flights.detachAll()
      state.removeAll()
      return orphans
    }
  }

  /// The number of values held.
  public var count: Int { state.withLock { $0.entries.count } }

  /// The total cost of the values held.
  public var totalCost: Int { state.withLock { $0.totalCost } }

  /// The number of loads running, including background revalidations.
  public var loadsInFlight: Int { state.withLock { $0.flights.flights.count } }

  // MARK: Loading

  /// Runs `body` under the lock, first dropping the update streams that ended.
  func withState<Result>(_ body: (inout CacheState<Key, Value>) -> sending Result) -> sending Result {
    state.withLock { state in
      let ended = endedObservers.withLock { ended in
        defer { ended = [] }
        return ended
      }
      for observer in ended { state.stopObserving(observer.key, id: observer.id) }
      return body(&state)
    }
  }

  /// Runs `body` under the lock; cancels the loads it orphaned and wakes idle watchers after.
  private func detaching(_ body: (inout CacheState<Key, Value>) -> [Task<Void, Never>]) {
    let (orphans, idleWatchers) = withState { state in (body(&state), state.takeIdleWatchers()) }
    for orphan in orphans { orphan.cancel() }
    for watcher in idleWatchers { watcher.resume() }
  }

  /// The part of `value(for:load:)` that runs under the lock: a hit, or nothing when the
  /// caller must wait. Starts a revalidation for a stale hit.
  private func lookupForCaller(
    _ key: Key, now: Duration, load: @escaping @Sendable () async throws -> Value,
    in state: inout CacheState<Key, Value>
  ) -> (hit: Value?, orphan: Task<Void, Never>?) {
    switch state.lookup(key, now: now) {
    case .fresh(let value):
      return (value, nil)
    case .stale(let value):
      guard state.flights.attachedFlight(for: key) == nil else { return (value, nil) }
      return (value, startLoad(key, kind: .revalidation, load: load, in: &state).orphan)
    case .expired, .missing:
      return (nil, nil)
    }
  }

  private func join(
    _ key: Key, kind: CacheState<Key, Value>.LoadKind, load: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let waiterID = state.withLock { $0.flights.makeID() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        typealias Outcome = (
          Result<Value, any Error>?, Task<Void, Never>?, [CheckedContinuation<Void, Never>], Task<Void, Never>?
        )
        let (immediate, orphan, watchers, running) = state.withLock { state -> Outcome in
          guard !Task.isCancelled else { return (.failure(CancellationError()), nil, [], nil) }
          var orphan: Task<Void, Never>?
          if kind == .load {
            // Something may have been committed since the caller's first look.
            let (hit, revalidation) = lookupForCaller(key, now: self.now(), load: load, in: &state)
            if let hit { return (.success(hit), revalidation, [], nil) }
          }
          let flightID: UInt64
          var running: Task<Void, Never>?
          if let attached = state.flights.attachedFlight(for: key), kind == .load || attached.tag == .refresh {
            flightID = attached.id
            running = state.flights.task(of: attached.id)
          } else {
            (flightID, orphan) = startLoad(key, kind: kind, load: load, in: &state)
          }
          let watchers = state.flights.join(flightID, waiter: waiterID, continuation: continuation)
          return (nil, orphan, watchers, running)
        }
        PriorityEscalation.raise(running)
        for watcher in watchers { watcher.resume() }
        orphan?.cancel()
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let (waiter, task, idleWatchers) = state.withLock { state in
        let (waiter, task) = state.flights.leave(waiterID)
        return (waiter, task, state.takeIdleWatchers())
      }
      task?.cancel()
      waiter?.resume(throwing: CancellationError())
      for watcher in idleWatchers { watcher.resume() }
    }
  }

  /// Suspends until `count` callers wait on the load for `key`. For tests that must know every
  /// caller has joined before they let the load finish.
  func waitForWaiters(_ count: Int, on key: Key) async {
    await withCheckedContinuation { continuation in
      if !state.withLock({ $0.flights.watchWaiters(count, for: key, continuation: continuation) }) {
        continuation.resume()
      }
    }
  }

  /// Suspends until no load runs, background revalidations included. For tests.
  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let idle = state.withLock { state -> Bool in
        guard state.flights.flights.isEmpty else {
          state.idleWatchers.append(continuation)
          return false
        }
        return true
      }
      if idle { continuation.resume() }
    }
  }

  /// Starts a load for `key` and attaches it, detaching whichever load was attached.
  private func startLoad(
    _ key: Key, kind: CacheState<Key, Value>.LoadKind, load: @escaping @Sendable () async throws -> Value,
    in state: inout CacheState<Key, Value>
  ) -> (id: UInt64, orphan: Task<Void, Never>?) {
    let (id, orphan) = state.flights.start(key, tag: kind, isOwned: kind == .revalidation)
    let task = Task {
      let result: Result<Value, any Error>
      do { result = .success(try await load()) } catch { result = .failure(error) }
      self.finishLoad(id, key: key, result: result)
    }
    state.flights.setTask(task, for: id)
    return (id, orphan)
  }

  private func finishLoad(_ id: UInt64, key: Key, result: Result<Value, any Error>) {
    let cost = (try? result.get()).map(self.cost)
    let now = self.now()
    let (waiters, idleWatchers) = withState { state in
      let (waiters, wasAttached) = state.flights.finish(id)
      if wasAttached, case .success(let value) = result, let cost {
        state.commit(value, cost: cost, for: key, now: now)
      }
      return (waiters, state.takeIdleWatchers())
    }
    for waiter in waiters { waiter.resume(with: result) }
    for watcher in idleWatchers { watcher.resume() }
  }
}
