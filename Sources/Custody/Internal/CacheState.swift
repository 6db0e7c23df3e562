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
  enum LoadKind: Equatable {
    /// A caller found nothing usable and waits for a value.
    case load
    /// A caller asked for a new value whatever is cached.
    case refresh
    /// The cache itself renews a stale value in the background.
    case revalidation
  }

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
  var flights = FlightTable<Key, Value, LoadKind>()
  private var observers: [Key: [UInt64: AsyncStream<Value?>.Continuation]] = [:]
  /// Tests waiting until no load runs.
  var idleWatchers: [CheckedContinuation<Void, Never>] = []

  init(policy: CachePolicy) {
    self.policy = policy
    tracksRecency = policy.countLimit != nil || policy.costLimit != nil
  }

  /// Finds `key` and marks it recently used.
  mutating func lookup(_ key: Key, now: Duration) -> Lookup {
    guard let entry = entries[key] else { return .missing }
    if tracksRecency { entries.touch(key) }
    let age = now - entry.storedAt
    if age < policy.freshFor { return .fresh(entry.value) }
    if age < policy.freshFor + policy.staleFor { return .stale(entry.value) }
    return .expired
  }

  /// The value for `key` whatever its age, marking it recently used.
  @inlinable mutating func peek(_ key: Key) -> Value? {
    guard let index = entries.indices[key] else { return nil }
    if tracksRecency { entries.touch(at: index) }
    return entries.nodes[index].value.value
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
  mutating func commit(_ value: Value, cost: Int, for key: Key, now: Duration) {
    if let replaced = entries.set(Entry(value: value, storedAt: now, cost: cost), for: key) {
      totalCost -= replaced.cost
    }
    totalCost += cost
    notify(key, value)
    evictToLimits()
  }

  mutating func remove(_ key: Key) {
    guard let removed = entries.remove(key) else { return }
    totalCost -= removed.cost
    notify(key, nil)
  }

  mutating func removeAll() {
    for (key, _) in entries.removeAll() { notify(key, nil) }
    totalCost = 0
  }

  private mutating func evictToLimits() {
    while isOverLimits, let (key, evicted) = entries.removeOldest() {
      totalCost -= evicted.cost
      notify(key, nil)
    }
  }

  private var isOverLimits: Bool {
    if let countLimit = policy.countLimit, entries.count > countLimit { return true }
    if let costLimit = policy.costLimit, totalCost > costLimit { return true }
    return false
  }

  /// The idle watchers to resume once no load runs, if none does.
  mutating func takeIdleWatchers() -> [CheckedContinuation<Void, Never>] {
    guard flights.flights.isEmpty, !idleWatchers.isEmpty else { return [] }
    defer { idleWatchers = [] }
    return idleWatchers
  }

  // MARK: Observers

  var observerCount: Int { observers.values.reduce(0) { $0 + $1.count } }

  /// Adds an observer and sends it the current value, so it starts from what is committed.
  mutating func observe(_ key: Key, id: UInt64, continuation: AsyncStream<Value?>.Continuation) {
    observers[key, default: [:]][id] = continuation
    continuation.yield(entries[key]?.value)
  }

  mutating func stopObserving(_ key: Key, id: UInt64) {
    observers[key]?[id] = nil
    if observers[key]?.isEmpty == true { observers[key] = nil }
  }

  /// Yields inside the owner's lock on purpose: commits are ordered by that lock, and yielding
  /// after releasing it could deliver two quick commits to a stream in the wrong order.
  /// `yield` never calls back into the cache, and a stream's termination handler never takes
  /// the cache's lock (see `Cache.endedObservers`), so the lock order cannot invert.
  private func notify(_ key: Key, _ value: Value?) {
    guard let watchers = observers[key] else { return }
    for continuation in watchers.values { continuation.yield(value) }
  }

  mutating func takeAllObservers() -> [AsyncStream<Value?>.Continuation] {
    defer { observers = [:] }
    return observers.values.flatMap(\.values)
  }
}
