/// Everything a `Cache` knows, as a plain value: entries in recency order, the loads in
/// flight, and the streams watching keys. `Cache` keeps it behind its lock.
@usableFromInline
struct CacheState<Key: Hashable & Sendable, Value: Sendable> {
  @usableFromInline
  struct Entry {
    @usableFromInline var value: Value
    /// When it was committed, on the cache's clock.
    @usableFromInline var storedAt: Duration
    @usableFromInline var cost: Int
    /// When it was last read or committed, on the cache's clock; kept only by a cache that
    /// tracks use (``tracksUse``).
    @usableFromInline var lastUsed: Duration
  }

  /// Why a load runs; it decides who may join it.
  @frozen @usableFromInline
  enum LoadKind: Equatable {
    /// A caller found nothing usable and waits for a value.
    case load
    /// A caller asked for a new value whatever is cached.
    case refresh
    /// The cache itself renews a stale value in the background.
    case revalidation
    /// A low-priority load the cache owns, started ahead of need by `prefetch`.
    case prefetch

    @inlinable var flightKind: OwnerEvent.Reason {
      switch self {
      case .load: .load
      case .refresh: .refresh
      case .revalidation: .revalidation
      case .prefetch: .prefetch
      }
    }
  }

  @frozen @usableFromInline
  enum Lookup {
    case fresh(Value)
    case stale(Value)
    /// Present but too old to return without loading.
    case expired
    case missing
  }

  @usableFromInline let policy: CachePolicy
  /// Whether hits must update recency: only a cache with a limit ever evicts, so an unbounded
  /// one skips the list update that would otherwise make every hit a write.
  @usableFromInline let tracksRecency: Bool
  /// Whether hits stamp the time of use, for a policy that removes unused values (U1). Such a
  /// cache also tracks recency, so the order of use is the order of those times.
  @usableFromInline let tracksUse: Bool
  @usableFromInline var entries = LRUEntries<Key, Entry>()
  var totalCost = 0
  @usableFromInline var flights = FlightTable<Key, Value, LoadKind>()
  /// The screens watching each key. Sent to under the cache's lock, so commits reach every
  /// stream in the order the lock ordered them.
  private var observers: [Key: Broadcast<Value?>] = [:]
  /// The writes in progress on each key, as layers over the server's value (M1–M5).
  @usableFromInline var pending: [Key: PendingWrites] = [:]
  /// The stream of every change of the cache (`Cache.updates()`), made when first asked for.
  var changes: Broadcast<CacheChange<Key, Value>>?
  /// The number of the last write begun: writes count on their own, so they read write #1, #2,
  /// … in the events, whatever loads and callers came between.
  var lastWrite: UInt64 = 0
  /// What keeps watched keys revalidated: their loads, streams and polling (see
  /// `CacheState+Revalidation`).
  var watching = Watching()
  /// Prefetches dropped with the key they were loading, to cancel once the lock is released.
  var droppedPrefetches: [Task<Void, Never>] = []
  @usableFromInline let inspection: Inspection?
  /// Lookups through `value(for:)`, counted for inspectors.
  @usableFromInline var lookups = InspectedOwner.Lookups()
  /// The saves of a persisted cache to its file (see `CacheState+Persistence`); `nil` for a
  /// cache that is not persisted.
  var persisting: Persisting?
  /// The background removal of unused values (see `CacheState+Unused`).
  var unused = UnusedCollection()

  /// - Parameter tracksRecency: Whether to keep the order of use even without a count or cost
  ///   limit: a persisted cache with a limit keeps the most recently used values.
  init(policy: CachePolicy, inspection: Inspection? = nil, tracksRecency: Bool = false) {
    self.policy = policy
    self.inspection = inspection
    let tracksUse = policy.removesUnusedAfter != nil
    self.tracksUse = tracksUse
    self.tracksRecency = tracksRecency || tracksUse || policy.countLimit != nil || policy.costLimit != nil
  }

  var size: OwnerEvent.CacheSize { .init(entries: entries.count, cost: totalCost) }

  /// Finds `key` and marks it recently used.
  @inlinable mutating func lookup(_ key: Key, now: Duration) -> Lookup {
    guard let index = entries.indices[key] else { return .missing }
    let entry = entries.nodes[index].value
    if tracksRecency { touch(at: index, now: now) }
    switch policy.freshness(ofAge: now - entry.storedAt) {
    case .fresh: return .fresh(entry.value)
    case .stale: return .stale(entry.value)
    case .expired: return .expired
    }
  }

  /// The value for `key` whatever its age, marking it recently used.
  @inlinable mutating func peek(_ key: Key) -> Value? {
    guard let index = entries.indices[key] else { return nil }
    if tracksRecency { entries.touch(at: index) }
    return entries.nodes[index].value.value
  }

  /// The value for `key` whatever its age, marking it used at `now`.
  @inlinable mutating func peek(_ key: Key, usedAt now: Duration) -> Value? {
    guard let index = entries.indices[key] else { return nil }
    if tracksRecency { touch(at: index, now: now) }
    return entries.nodes[index].value.value
  }

  /// Marks the entry at `index` the most recently used, used at `now` when the cache tracks use.
  @inlinable mutating func touch(at index: Int, now: Duration) {
    if tracksUse { entries.nodes[index].value.lastUsed = now }
    entries.touch(at: index)
  }

  /// The value for `key` with its age and freshness at `now`, marking it recently used as
  /// ``peek(_:)`` does. Callers read the clock before taking the lock, so a commit that read it
  /// later may have taken the lock first: that value is zero old, never a negative age.
  mutating func entry(_ key: Key, now: Duration) -> CachedEntry<Value>? {
    guard let index = entries.indices[key] else { return nil }
    if tracksRecency { touch(at: index, now: now) }
    let entry = entries.nodes[index].value
    let age = max(now - entry.storedAt, .zero)
    return CachedEntry(value: entry.value, age: age, freshness: policy.freshness(ofAge: age))
  }

  /// The value for `key` if it is fresh, marking it recently used: the hit path, inlinable
  /// so that it is specialized for the caller's types.
  @inlinable mutating func freshValue(_ key: Key, now: Duration) -> Value? {
    guard let index = entries.indices[key] else { return nil }
    let entry = entries.nodes[index].value
    guard now - entry.storedAt < policy.freshFor else { return nil }
    if tracksRecency { touch(at: index, now: now) }
    return entry.value
  }

  /// Stores `value`, tells the key's observers, and evicts down to the policy's limits.
  /// With writes pending on `key`, `value` becomes the base they are replayed over (M5).
  @usableFromInline mutating func commit(
    _ value: Value, cost: Int, for key: Key, now: Duration, cause: CacheChange<Key, Value>.Cause = .load
  ) {
    let entry = Entry(value: value, storedAt: now, cost: cost, lastUsed: now)
    persistedValuesChanged(key)
    if watching.entries[key] != nil { watching.entries[key]?.failure = nil }
    if pending[key] != nil {
      pending[key]?.base = entry
      pending[key]?.revision &+= 1
      inspection?.record(.committed(size: size), key: key)
      showLayers(of: key, cause: cause)
    } else {
      store(entry, for: key)
      inspection?.record(.committed(size: size), key: key)
      notify(key, value, cause: cause)
    }
    evictToLimits()
    collectsUnused()
  }

  /// Puts `entry` in the recency list, keeping the total cost.
  mutating func store(_ entry: Entry, for key: Key) {
    if let replaced = entries.set(entry, for: key) { totalCost -= replaced.cost }
    totalCost += entry.cost
  }

  /// Pending writes on `key` stay, to be replayed over the next value committed.
  mutating func remove(_ key: Key) {
    if pending[key]?.base != nil {
      pending[key]?.base = nil
      pending[key]?.revision &+= 1
      persistedValuesChanged(key)
    }
    guard let removed = entries.remove(key) else { return }
    persistedValuesChanged(key)
    totalCost -= removed.cost
    inspection?.record(.removed(size: size), key: key)
    notify(key, nil, cause: .removal)
  }

  mutating func removeAll() {
    let removed = entries.removeAll()
    totalCost = 0
    persistedValuesChanged(nil)
    for key in pending.keys {
      pending[key]?.base = nil
      pending[key]?.revision &+= 1
    }
    for (key, _) in removed {
      inspection?.record(.removed(size: size), key: key)
      notify(key, nil, cause: .removal)
    }
  }

  mutating func evictToLimits() {
    while let reason = exceededLimit, evictOldest(reason) {}
  }

  /// Evicts the least recently used value that has no write pending (M5), telling its observers
  /// and inspectors why. Loads are left alone: an evicted key is not a wrong one, so a load of
  /// it still commits (C6); only a prefetch nobody joined is dropped with it. Returns false when
  /// there was nothing to evict.
  mutating func evictOldest(_ reason: OwnerEvent.EvictionReason) -> Bool {
    guard let key = oldestEvictableKey else { return false }
    evict(key, reason)
    return true
  }

  /// Evicts the value of `key` for `reason`, as ``evictOldest(_:)`` does.
  mutating func evict(_ key: Key, _ reason: OwnerEvent.EvictionReason) {
    guard let evicted = entries.remove(key) else { return }
    totalCost -= evicted.cost
    persistedValuesChanged(key)
    dropPrefetch(of: key, reason)
    inspection?.record(.evicted(reason, size: size), key: key)
    notify(key, nil, cause: .removal)
  }

  /// The least recently used key without pending writes.
  private var oldestEvictableKey: Key? {
    var cursor = entries.oldest
    while cursor != LRUEntries<Key, Entry>.none {
      let key = entries.nodes[cursor].key
      if pending[key] == nil { return key }
      cursor = entries.nodes[cursor].newer
    }
    return nil
  }

  /// The limit the cache is over, if any.
  private var exceededLimit: OwnerEvent.EvictionReason? {
    if let countLimit = policy.countLimit, entries.count > countLimit { return .countLimit }
    if let costLimit = policy.costLimit, totalCost > costLimit { return .costLimit }
    return nil
  }

  // MARK: Observers

  /// The number of live streams, dropping the keys nobody watches any more.
  mutating func subscriberCount() -> Int {
    observers = observers.filter { $0.value.subscriberCount > 0 }
    return observers.values.reduce(0) { $0 + $1.subscriberCount } + watching.subscriberCount()
      + (changes?.subscriberCount ?? 0)
  }

  /// A stream of `key`'s committed value, starting from what is committed now. A consumer that
  /// falls behind finds only the newest value, so an unread stream holds one value at most.
  mutating func observe(_ key: Key) -> AsyncStream<Value?> {
    let broadcast = observers[key] ?? Broadcast(keepingNewest: 1)
    observers[key] = broadcast
    return broadcast.updates(startingWith: entries[key]?.value)
  }

  /// Whether a stream of ``observe(_:)`` or of a watcher still reads `key`.
  func isObserved(_ key: Key) -> Bool {
    (observers[key]?.subscriberCount ?? 0) > 0 || watching.isWatched(key)
  }

  /// Tells every stream of `key`, and the cache-wide stream, that the value readers see is now
  /// `value`, changed by `cause`.
  ///
  /// `Broadcast.send` never calls back into the cache, and a stream's termination handler
  /// never takes the cache's lock, so sending under it cannot invert the lock order.
  mutating func notify(_ key: Key, _ value: Value?, cause: CacheChange<Key, Value>.Cause) {
    observers[key]?.send(value)
    watching.streams[key]?.send(value)
    if watching.entries[key] != nil { contentChanged(key, removed: value == nil) }
    if let changes {
      changes.send(CacheChange(key: key, entry: value.map { shownEntry(key, value: $0) }, cause: cause))
    }
  }

  /// Ends every stream of the cache: it is being released.
  mutating func takeAllObservers() -> (
    values: [Broadcast<Value?>], entries: [Broadcast<WatchedEntry<Value>>], changes: Broadcast<CacheChange<Key, Value>>?
  ) {
    defer {
      observers = [:]
      watching.streams = [:]
      watching.entries = [:]
      changes = nil
    }
    return (Array(observers.values) + Array(watching.streams.values), watching.entries.values.map(\.broadcast), changes)
  }
}
