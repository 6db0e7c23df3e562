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

    @inlinable var flightKind: OwnerEvent.Reason {
      switch self {
      case .load: .load
      case .refresh: .refresh
      case .revalidation: .revalidation
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
  @usableFromInline var entries = LRUEntries<Key, Entry>()
  private(set) var totalCost = 0
  @usableFromInline var flights = FlightTable<Key, Value, LoadKind>()
  /// The screens watching each key. Sent to under the cache's lock, so commits reach every
  /// stream in the order the lock ordered them.
  private var observers: [Key: Broadcast<Value?>] = [:]
  @usableFromInline let inspection: Inspection?
  /// Lookups through `value(for:)`, counted for inspectors.
  @usableFromInline var lookups = InspectedOwner.Lookups()

  init(policy: CachePolicy, inspection: Inspection? = nil) {
    self.policy = policy
    self.inspection = inspection
    tracksRecency = policy.countLimit != nil || policy.costLimit != nil
  }

  private var size: OwnerEvent.CacheSize { .init(entries: entries.count, cost: totalCost) }

  /// Finds `key` and marks it recently used.
  @inlinable mutating func lookup(_ key: Key, now: Duration) -> Lookup {
    guard let entry = entries[key] else { return .missing }
    if tracksRecency { entries.touch(key) }
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

  /// The value for `key` with its age and freshness at `now`, marking it recently used as
  /// ``peek(_:)`` does. Callers read the clock before taking the lock, so a commit that read it
  /// later may have taken the lock first: that value is zero old, never a negative age.
  mutating func entry(_ key: Key, now: Duration) -> CachedEntry<Value>? {
    guard let index = entries.indices[key] else { return nil }
    if tracksRecency { entries.touch(at: index) }
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
    if tracksRecency { entries.touch(at: index) }
    return entry.value
  }

  /// Stores `value`, tells the key's observers, and evicts down to the policy's limits.
  @usableFromInline mutating func commit(_ value: Value, cost: Int, for key: Key, now: Duration) {
    if let replaced = entries.set(Entry(value: value, storedAt: now, cost: cost), for: key) {
      totalCost -= replaced.cost
    }
    totalCost += cost
    inspection?.record(.committed(size: size), key: key)
    notify(key, value)
    evictToLimits()
  }

  mutating func remove(_ key: Key) {
    guard let removed = entries.remove(key) else { return }
    totalCost -= removed.cost
    inspection?.record(.removed(size: size), key: key)
    notify(key, nil)
  }

  mutating func removeAll() {
    let removed = entries.removeAll()
    totalCost = 0
    for (key, _) in removed {
      inspection?.record(.removed(size: size), key: key)
      notify(key, nil)
    }
  }

  private mutating func evictToLimits() {
    while let reason = exceededLimit, evictOldest(reason) {}
  }

  /// Evicts the least recently used value, telling its observers and inspectors why. Loads
  /// are left alone: an evicted key is not a wrong one, so a load of it still commits (C6).
  /// Returns false when there was nothing to evict.
  mutating func evictOldest(_ reason: OwnerEvent.EvictionReason) -> Bool {
    guard let (key, evicted) = entries.removeOldest() else { return false }
    totalCost -= evicted.cost
    inspection?.record(.evicted(reason, size: size), key: key)
    notify(key, nil)
    return true
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
    return observers.values.reduce(0) { $0 + $1.subscriberCount }
  }

  /// A stream of `key`'s committed value, starting from what is committed now. A consumer that
  /// falls behind finds only the newest value, so an unread stream holds one value at most.
  mutating func observe(_ key: Key) -> AsyncStream<Value?> {
    let broadcast = observers[key] ?? Broadcast(keepingNewest: 1)
    observers[key] = broadcast
    return broadcast.updates(startingWith: entries[key]?.value)
  }

  /// `Broadcast.send` never calls back into the cache, and a stream's termination handler
  /// never takes the cache's lock, so sending under it cannot invert the lock order.
  private mutating func notify(_ key: Key, _ value: Value?) {
    guard let broadcast = observers[key] else { return }
    broadcast.send(value)
  }

  mutating func takeAllObservers() -> [Broadcast<Value?>] {
    defer { observers = [:] }
    return Array(observers.values)
  }
}
