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
/// - ``remove(_:)`` and ``removeAll()``: a load that started before never writes its result,
///   and a call made after never joins it. ``set(_:for:)`` wins over any earlier load.
/// - ``refresh(_:load:)`` always loads and commits; concurrent refreshes share one load.
/// - The least recently used values go first when the count or cost limit is passed, on
///   ``trim(toCost:)``, and under memory pressure (``CachePolicy/trimsUnderMemoryPressure``).
///   An eviction leaves loads running: a load that finishes afterwards commits.
/// - ``cachedValue(for:)`` and ``cachedEntry(for:)`` are synchronous from any isolation.
/// - ``watch(_:)`` streams what a screen renders of a key (its value, freshness, load and last
///   failure) to any number of screens, loading it when nothing fresh is held; ``updates()``
///   streams every change of every key.
/// - A failed load keeps the previous value.
/// - With ``CachePolicy/removesUnusedAfter``, a value nobody read or committed for that long,
///   that no stream watches and no write is pending on, is removed (``removeUnused()``).
/// - Writes (``mutate(_:optimistically:revalidating:after:operation:)``) show their change at
///   once as a layer over the server's value (see the article "Writing through a cache").
/// - A cache opened with `Cache.open(persistingIn:version:…)` starts with the values of its
///   file, each with its saved age, and saves its committed values behind the caller (see the
///   article "Keeping a cache across launches").
public final class Cache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The freshness and size rules this cache applies.
  public let policy: CachePolicy

  @usableFromInline let state: LockedState<CacheState<Key, Value>>
  @usableFromInline let now: @Sendable () -> Duration
  @usableFromInline let cost: @Sendable (Value) -> Int
  @usableFromInline let inspection: Inspection?
  /// Whether reads stamp the time of use, for a policy that removes unused values.
  @usableFromInline let tracksUse: Bool
  /// The file a persisted cache keeps its values in; `nil` for a cache that is not persisted.
  let persistence: CachePersistence<Key, Value>?
  /// Ends the memory-pressure notifications this cache trims itself on, if it has any.
  private let stopWatchingMemory: (@Sendable () -> Void)?
  /// Sleeps until a time on ``now``'s scale, for polling.
  let sleep: @Sendable (Duration) async throws -> Void
  /// Loads the value of a key, for a cache made with its loader (see `Cache+Loader.swift`).
  let loader: (@Sendable (Key) async throws -> Value)?

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
  public convenience init(
    policy: CachePolicy = .init(), clock: some Clock<Duration> = ContinuousClock(),
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 },
    name: String? = nil, inspector: (any OwnerInspector)? = nil, describeKey: (@Sendable (Key) -> String)? = nil
  ) {
    self.init(
      policy: policy, clock: clock, cost: cost, name: name, inspector: inspector, describeKey: describeKey,
      memoryPressure: .system)
  }

  /// Creates an empty cache that hears of memory pressure from `memoryPressure`, when its
  /// policy trims under memory pressure, and saves its values through `persistence`.
  init(
    policy: CachePolicy, clock: some Clock<Duration>, cost: @escaping @Sendable (Value) -> Int,
    name: String?, inspector: (any OwnerInspector)?, describeKey: (@Sendable (Key) -> String)?,
    memoryPressure: MemoryPressureSource, persistence: CachePersistence<Key, Value>? = nil,
    loader: (@Sendable (Key) async throws -> Value)? = nil
  ) {
    self.loader = loader
    let now = Self.elapsedTime(on: clock)
    let origin = clock.now
    sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    let inspection = Inspection.keyed(
      .cache, name: name, inspector: inspector, describe: describeKey, keys: Key.self, now: now)
    self.inspection = inspection
    self.policy = policy
    let state = LockedState(
      CacheState<Key, Value>(policy: policy, inspection: inspection, tracksRecency: persistence?.limit != nil),
      afterUnlock: inspection?.afterUnlock)
    self.state = state
    self.persistence = persistence
    tracksUse = policy.removesUnusedAfter != nil
    inspection?.owner.provideLookups { [weak state] in state?.withLock(delivering: false) { $0.lookups } }
    self.now = now
    self.cost = cost
    // The notifications hold the state weakly, so they never keep a released cache alive.
    stopWatchingMemory =
      policy.trimsUnderMemoryPressure
      ? memoryPressure.start { [weak state] pressure in state?.withLock { $0.respond(to: pressure) } } : nil
    state.withLock(delivering: false) { state in
      state.watching.now = now
      if tracksUse { state.unused.start = collectorStarter() }
    }
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
    stopWatchingMemory?()
    let (streams, tasks) = state.withLock { ($0.takeAllObservers(), $0.watching.tasks + $0.unused.tasks) }
    for task in tasks { task.cancel() }
    for broadcast in streams.values { broadcast.finish() }
    for broadcast in streams.entries { broadcast.finish() }
    streams.changes?.finish()
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
  @inlinable
  func valueWithoutFreshHit(
    for key: Key, now: Duration, load: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let (hit, revalidation) = state.withLock { state -> (Value?, Task<Void, Never>?) in
      switch state.admit(key, as: .load, now: now, recording: true) {
      case .hit(let value): return (value, nil)
      case .hitAndRevalidate(let value):
        return (value, startLoad(key, kind: .revalidation, load: load, in: &state).orphan)
      case .join, .start: return (nil, nil)
      }
    }
    revalidation?.cancel()
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
    if tracksUse { return cachedValueMarkingUse(for: key) }
    return state.withLock(delivering: false) { $0.peek(key) }
  }

  /// ``cachedValue(for:)`` for a policy that removes unused values: it stamps the time of use.
  /// Out of line, so that the usual hit stays as small as it was.
  @usableFromInline
  func cachedValueMarkingUse(for key: Key) -> Value? {
    let now = self.now()
    return state.withLock(delivering: false) { $0.peek(key, usedAt: now) }
  }

  /// The committed value for `key` with its age on the cache's clock and its freshness under
  /// the policy, without loading.
  ///
  /// Synchronous and safe from any isolation, as ``cachedValue(for:)`` is, and like it marks
  /// the value recently used. A screen can show a stale or expired value at once and say that
  /// it is being updated:
  ///
  /// ```swift
  /// if let entry = products.cachedEntry(for: id) {
  ///   screen.product = entry.value
  ///   screen.isUpdating = entry.freshness != .fresh
  /// }
  /// ```
  ///
  /// - Returns: The entry, or `nil` when nothing is committed for `key`.
  public func cachedEntry(for key: Key) -> CachedEntry<Value>? {
    let now = self.now()
    return state.withLock(delivering: false) { $0.entry(key, now: now) }
  }

  /// Stores `value` for `key`, for example after a successful mutation. It wins over any load
  /// for `key` that started before: that load's callers still get its result, but the result
  /// is not committed.
  public func set(_ value: Value, for key: Key) {
    let cost = self.cost(value)
    let now = self.now()
    state.withLock { $0.set(value, cost: cost, for: key, now: now) }?.cancel()
  }

  /// Drops the value for `key` and its loads: a load that started before never commits (its
  /// callers still get its result), and later callers start a new one. Watches of the key see
  /// it ``WatchedEntry/Content/removed``.
  ///
  /// To keep the value for readers while a new one loads, mark it stale with
  /// ``revalidate(_:)`` instead.
  public func remove(_ key: Key) {
    state.withLock { $0.invalidate(key) }?.cancel()
  }

  /// Removes every key that `isIncluded` accepts, as ``remove(_:)`` does for one.
  ///
  /// The keys are the ones with a value or a load when the call starts. `isIncluded` runs
  /// outside the cache's lock, so it may read the cache.
  ///
  /// ```swift
  /// searches.remove { $0.hasPrefix("shoes") }  // every cached search for shoes
  /// ```
  public func remove(where isIncluded: (Key) throws -> Bool) rethrows {
    let included = try state.withLock(delivering: false) { $0.keys }.filter(isIncluded)
    guard !included.isEmpty else { return }
    for orphan in state.withLock({ $0.invalidate(included) }) { orphan.cancel() }
  }

  /// Removes the value for `key`, as ``remove(_:)`` does.
  @available(
    *, deprecated,
    message:
      "use remove(_:) to drop the value and cancel its loads, or revalidate(_:) to mark it stale and load it again"
  )
  public func invalidate(_ key: Key) {
    remove(key)
  }

  /// Removes every key that `isIncluded` accepts, as ``remove(where:)`` does.
  @available(
    *, deprecated,
    message:
      "use remove(where:) to drop the values and cancel their loads, or revalidate(where:) to mark them stale and load them again"
  )
  public func invalidate(where isIncluded: (Key) throws -> Bool) rethrows {
    try remove(where: isIncluded)
  }

  /// Removes every value, detaches every load and cancels background revalidations.
  public func removeAll() {
    for orphan in state.withLock({ $0.invalidateAll() }) { orphan.cancel() }
  }

  /// The number of values held.
  public var count: Int { state.withLock(delivering: false) { $0.entries.count } }

  /// The total cost of the values held.
  public var totalCost: Int { state.withLock(delivering: false) { $0.totalCost } }

  /// The number of loads running, including background revalidations.
  public var inFlightCount: Int { state.withLock(delivering: false) { $0.flights.flights.count } }

  // MARK: Loading

  @inlinable
  func join(
    _ key: Key, kind: CacheState<Key, Value>.LoadKind, load: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let waiterID = state.withLock { $0.flights.makeID() }
    return try await FlightWaiting.wait { continuation in
      state.withLock { state in
        guard !Task.isCancelled else { return .cancelled }
        let flightID: UInt64
        var entry = FlightWaiting.Entry<Value>()
        // Something may have been committed or started since the caller's first look.
        switch state.admit(key, as: kind, now: self.now(), recording: false) {
        case .hit(let value): return FlightWaiting.Entry(answer: .success(value))
        case .hitAndRevalidate(let value):
          let orphan = startLoad(key, kind: .revalidation, load: load, in: &state).orphan
          return FlightWaiting.Entry(answer: .success(value), orphan: orphan)
        case .join(let id):
          flightID = id
          PriorityEscalation.raise(state.flights.task(of: id))
        case .start:
          (flightID, entry.orphan) = startLoad(key, kind: kind, load: load, in: &state)
        }
        state.flights.join(flightID, waiter: waiterID, continuation: continuation, key: key, recording: inspection)
        return entry
      }
    } onCancel: {
      state.withLock { state in
        let exit = state.flights.leave(waiterID, of: key, recording: inspection)
        if exit.isAbandoned { state.watchChanged(key) }
        return exit
      }.resume()
    }
  }

  /// Starts a load for `key` and attaches it, detaching whichever load was attached. `reason`
  /// is what inspectors see it started for, by default its kind.
  @inlinable
  func startLoad(
    _ key: Key, kind: CacheState<Key, Value>.LoadKind, reason: OwnerEvent.Reason? = nil,
    load: @escaping @Sendable () async throws -> Value, in state: inout CacheState<Key, Value>
  ) -> (id: UInt64, orphan: Task<Void, Never>?) {
    let isOwned = kind == .revalidation || kind == .prefetch
    let (id, orphan) = state.flights.start(
      key, tag: kind, kind: reason ?? kind.flightKind, isOwned: isOwned, recording: inspection)
    let priority: TaskPriority? = kind == .prefetch ? .low : nil
    let task = FlightWaiting.run(timedBy: inspection, priority: priority, load) { [self] result, duration in
      let cost: Int?
      if case .success(let value) = result { cost = self.cost(value) } else { cost = nil }
      let now = self.now()
      let (waiters, delivered, dropped) = self.state.withLock { state in
        let (waiters, delivered) = state.finishLoad(
          id, key: key, with: result, cost: cost, now: now, duration: duration)
        return (waiters, delivered, state.takeDroppedPrefetches())
      }
      for waiter in waiters { waiter.resume(with: delivered) }
      for prefetch in dropped { prefetch.cancel() }
    }
    state.flights.setTask(task, for: id)
    state.watchChanged(key)
    return (id, orphan)
  }
}
