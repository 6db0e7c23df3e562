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
  @usableFromInline let now: @Sendable () -> Duration
  private let cost: @Sendable (Value) -> Int
  @usableFromInline let inspection: Inspection?

  /// Creates an empty cache.
  ///
  /// - Parameters:
  ///   - policy: Freshness and size limits.
  ///   - clock: The time freshness is measured in; pass a test clock in tests.
  ///   - cost: The cost of one value, for `policy.costLimit` (for example its byte size).
  ///   - name: The name inspectors show, such as "products".
  ///   - inspector: Receives this cache's events (see ``OwnerInspector`` and the article
  ///     "Watching your owners"). With none, a hit does no extra work.
  ///   - describeKey: How inspectors show a key; by default its description.
  public init(
    policy: CachePolicy = .init(), clock: some Clock<Duration> = ContinuousClock(),
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 },
    name: String? = nil, inspector: (any OwnerInspector)? = nil, describeKey: (@Sendable (Key) -> String)? = nil
  ) {
    let now = Self.elapsedTime(on: clock)
    let inspection = Inspection.keyed(
      .cache, name: name, inspector: inspector, describe: describeKey, keys: Key.self, now: now)
    self.inspection = inspection
    self.policy = policy
    let state = LockedState(
      CacheState<Key, Value>(policy: policy, inspection: inspection), afterUnlock: inspection?.afterUnlock)
    self.state = state
    inspection?.owner.provideLookups { [weak state] in state?.withLock(delivering: false) { $0.lookups } }
    self.now = now
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
    for broadcast in state.withLock({ $0.takeAllObservers() }) { broadcast.finish() }
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
    // Only a hit the inspector wants is recorded here; otherwise skip delivering.
    let fresh = state.withLock(delivering: inspection?.recordsHits == true) { state -> Value? in
      let fresh = state.freshValue(key, now: now)
      if fresh != nil, let inspection {
        state.lookups.hits &+= 1
        if inspection.recordsHits { inspection.record(.hit) }
      }
      return fresh
    }
    if let fresh { return fresh }
    return try await valueWithoutFreshHit(for: key, now: now, load: load)
  }

  /// `value(for:load:)` past the fresh hit: a stale hit, or a load to wait for.
  @usableFromInline
  func valueWithoutFreshHit(
    for key: Key, now: Duration, load: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let (hit, orphan) = state.withLock { state in
      lookupForCaller(key, now: now, load: load, recording: true, in: &state)
    }
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
    state.withLock(delivering: false) { $0.peek(key) }
  }

  /// Stores `value` for `key`, for example after a successful mutation. It wins over any load
  /// for `key` that started before: that load's callers still get its result, but the result
  /// is not committed.
  public func set(_ value: Value, for key: Key) {
    let cost = self.cost(value)
    let now = self.now()
    detaching { state in
      let orphan = detach(key, .set, in: &state)
      state.commit(value, cost: cost, for: key, now: now)
      return [orphan].compactMap(\.self)
    }
  }

  /// Removes the value for `key`. A load that started before never commits, and later callers
  /// start a new one.
  public func invalidate(_ key: Key) {
    detaching { state in
      let orphan = detach(key, .invalidate, in: &state)
      state.remove(key)
      return [orphan].compactMap(\.self)
    }
  }

  /// Removes every value, detaches every load and cancels background revalidations.
  public func removeAll() {
    detaching { state in
      let orphans = state.flights.attached.keys.compactMap { detach($0, .removeAll, in: &state) }
      state.removeAll()
      return orphans
    }
  }

  /// The number of values held.
  public var count: Int { state.withLock(delivering: false) { $0.entries.count } }

  /// The total cost of the values held.
  public var totalCost: Int { state.withLock(delivering: false) { $0.totalCost } }

  /// The number of loads running, including background revalidations.
  public var loadsInFlight: Int { state.withLock(delivering: false) { $0.flights.flights.count } }

  // MARK: Loading

  /// Runs `body` under the lock; cancels the loads it orphaned after.
  private func detaching(_ body: (inout CacheState<Key, Value>) -> [Task<Void, Never>]) {
    let orphans = state.withLock { state in body(&state) }
    for orphan in orphans { orphan.cancel() }
  }

  /// Detaches the load attached to `key`, if any, and reports it. Returns its task when nobody
  /// waits for it any more.
  private func detach(
    _ key: Key, _ reason: OwnerEvent.DetachReason, in state: inout CacheState<Key, Value>
  ) -> Task<Void, Never>? {
    let flightID = state.flights.attachedFlight(for: key)?.id
    let orphan = state.flights.detach(key)
    if let inspection, let flightID {
      inspection.record(.detached(flightID, reason), key: key)
      if !state.flights.contains(flightID) { inspection.record(.abandoned(flightID), key: key) }
    }
    return orphan
  }

  /// The part of `value(for:load:)` that runs under the lock: a hit, or nothing when the
  /// caller must wait. Starts a revalidation for a stale hit.
  ///
  /// With `recording`, the lookup is reported to the inspector as a hit, a stale hit or a miss.
  private func lookupForCaller(
    _ key: Key, now: Duration, load: @escaping @Sendable () async throws -> Value, recording: Bool,
    in state: inout CacheState<Key, Value>
  ) -> (hit: Value?, orphan: Task<Void, Never>?) {
    let lookup = state.lookup(key, now: now)
    if recording, let inspection {
      switch lookup {
      case .fresh:
        state.lookups.hits &+= 1
        if inspection.recordsHits { inspection.record(.hit) }
      case .stale:
        state.lookups.staleHits &+= 1
        inspection.record(.staleHit, key: key)
      case .expired, .missing:
        state.lookups.misses &+= 1
        inspection.record(.miss, key: key)
      }
    }
    switch lookup {
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
        typealias Outcome = (Result<Value, any Error>?, Task<Void, Never>?, Task<Void, Never>?)
        let (immediate, orphan, running) = state.withLock { state -> Outcome in
          guard !Task.isCancelled else { return (.failure(CancellationError()), nil, nil) }
          var orphan: Task<Void, Never>?
          if kind == .load {
            // Something may have been committed since the caller's first look.
            let (hit, revalidation) = lookupForCaller(key, now: self.now(), load: load, recording: false, in: &state)
            if let hit { return (.success(hit), revalidation, nil) }
          }
          let flightID: UInt64
          var running: Task<Void, Never>?
          if let attached = state.flights.attachedFlight(for: key), kind == .load || attached.tag == .refresh {
            flightID = attached.id
            running = state.flights.task(of: attached.id)
          } else {
            (flightID, orphan) = startLoad(key, kind: kind, load: load, in: &state)
          }
          let waiters = state.flights.join(flightID, waiter: waiterID, continuation: continuation)
          inspection?.record(.joined(flightID, waiters: waiters), key: key)
          return (nil, orphan, running)
        }
        PriorityEscalation.raise(running)
        orphan?.cancel()
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let (waiter, task) = state.withLock { state in
        let flightID = state.flights.flight(ofWaiter: waiterID)
        let left = state.flights.leave(waiterID)
        if let inspection, let flightID, left.waiter != nil {
          let flights = state.flights
          let event: OwnerEvent.Kind =
            flights.contains(flightID)
            ? .left(flightID, waiters: flights.waiterCount(of: flightID)) : .abandoned(flightID)
          inspection.record(event, key: key)
        }
        return left
      }
      task?.cancel()
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Starts a load for `key` and attaches it, detaching whichever load was attached.
  private func startLoad(
    _ key: Key, kind: CacheState<Key, Value>.LoadKind, load: @escaping @Sendable () async throws -> Value,
    in state: inout CacheState<Key, Value>
  ) -> (id: UInt64, orphan: Task<Void, Never>?) {
    let replaced = state.flights.attachedFlight(for: key)?.id
    let (id, orphan) = state.flights.start(key, tag: kind, isOwned: kind == .revalidation)
    let inspection = self.inspection
    if let inspection {
      if let replaced {
        inspection.record(.detached(replaced, .refresh), key: key)
        if !state.flights.contains(replaced) { inspection.record(.abandoned(replaced), key: key) }
      }
      inspection.record(.started(id, kind.flightKind), key: key)
    }
    let task = Task {
      let clock = inspection.map(FlightClock.init)
      let result: Result<Value, any Error>
      do { result = .success(try await load()) } catch { result = .failure(error) }
      self.finishLoad(id, key: key, result: result, duration: clock?.elapsed)
    }
    state.flights.setTask(task, for: id)
    return (id, orphan)
  }

  private func finishLoad(_ id: UInt64, key: Key, result: Result<Value, any Error>, duration: Duration?) {
    let cost = (try? result.get()).map(self.cost)
    let now = self.now()
    let waiters = state.withLock { state in
      if let inspection, let duration, state.flights.contains(id) {
        inspection.record(.finished(id, duration: duration, outcome: .init(result)), key: key)
      }
      let (waiters, wasAttached) = state.flights.finish(id)
      if wasAttached, case .success(let value) = result, let cost {
        state.commit(value, cost: cost, for: key, now: now)
      }
      return waiters
    }
    for waiter in waiters { waiter.resume(with: result) }
  }
}
