/// Keeping watched keys fresh: the keys watched with a load, which of them a lifecycle event or
/// the polling interval revalidates, and prefetches. `Cache` starts the loads this decides on.
extension CacheState {
  typealias Load = @Sendable () async throws -> Value

  /// The keys watched through `updates(for:revalidatingWith:)`, with what reloads them.
  struct Watching {
    /// One broadcast per watched key, apart from the plain observers: a key is watched while
    /// one of these streams lives.
    var streams: [Key: Broadcast<Value?>] = [:]
    /// The watches of `Cache.watch(_:)`, per key: a key is watched while one of them lives too.
    var entries: [Key: EntryWatch] = [:]
    /// The cache's clock, for the age of the entries sent to watches.
    var now: @Sendable () -> Duration = { .zero }
    var loads: [Key: Load] = [:]
    /// When each watched key is polled next, on the cache's clock.
    var pollDue: [Key: Duration] = [:]
    /// False between `didResignActive` and `didBecomeActive`: polling pauses.
    var isActive = true
    /// Whether the polling task runs.
    var isPolling = false
    /// The work the cache keeps alive for its watchers: event listeners and polling.
    var tasks: [Task<Void, Never>] = []
    /// A number in `0..<1` that spreads polls over a tenth of the interval.
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// The number of live watching streams, dropping the keys nobody watches any more.
    mutating func subscriberCount() -> Int {
      dropUnwatched()
      return streams.values.reduce(0) { $0 + $1.subscriberCount }
        + entries.values.reduce(0) { $0 + $1.broadcast.subscriberCount }
    }

    /// The keys still watched, with their loads.
    mutating func watched() -> [(key: Key, load: Load)] {
      dropUnwatched()
      return loads.map { ($0.key, $0.value) }
    }

    func isWatched(_ key: Key) -> Bool {
      (streams[key]?.subscriberCount ?? 0) > 0 || (entries[key]?.broadcast.subscriberCount ?? 0) > 0
    }

    /// Whether any stream watches a key.
    var isEmpty: Bool { streams.isEmpty && entries.isEmpty }

    private mutating func dropUnwatched() {
      for (key, broadcast) in streams where broadcast.subscriberCount == 0 { streams[key] = nil }
      for (key, watch) in entries where watch.broadcast.subscriberCount == 0 { entries[key] = nil }
      for key in loads.keys where streams[key] == nil && entries[key] == nil { forget(key) }
    }

    /// Forgets how to reload `key` once nothing watches it.
    mutating func forget(_ key: Key) {
      loads[key] = nil
      pollDue[key] = nil
    }

    /// When to poll next after `now`: the interval, plus up to a tenth of it so that keys
    /// watched at one instant do not all reload at the next.
    func nextPoll(after now: Duration, every interval: Duration) -> Duration {
      now + interval + interval * (random() / 10)
    }
  }

  /// A stream of `key`'s value that keeps it revalidated with `load` while it lives.
  mutating func watch(_ key: Key, load: @escaping Load, now: Duration) -> AsyncStream<Value?> {
    let broadcast = watching.streams[key] ?? Broadcast(keepingNewest: 1)
    watching.streams[key] = broadcast
    watching.loads[key] = load
    if let interval = policy.pollEvery, watching.pollDue[key] == nil {
      watching.pollDue[key] = watching.nextPoll(after: now, every: interval)
    }
    return broadcast.updates(startingWith: entries[key]?.value)
  }

  /// Marks the value of `key` stale at once and detaches the load attached to it, which may
  /// carry a value from before the change that made it stale. The value stays for readers.
  /// Returns the key's load when a stream watches it, to revalidate now, and the detached load
  /// when nobody waits for it.
  mutating func markStale(_ key: Key, now: Duration) -> (load: Load?, orphan: Task<Void, Never>?) {
    let staleSince = now - policy.freshFor
    if let index = entries.indices[key], entries.nodes[index].value.storedAt > staleSince {
      entries.nodes[index].value.storedAt = staleSince
      persistedValuesChanged(key)
    }
    if let storedAt = pending[key]?.base?.storedAt, storedAt > staleSince { pending[key]?.base?.storedAt = staleSince }
    let orphan = flights.detach(key, .revalidate, recording: inspection)
    watchChanged(key)
    return (watching.isWatched(key) ? watching.loads[key] : nil, orphan)
  }

  /// Takes in a lifecycle event: returns the watched keys to revalidate now, those without a
  /// fresh value and without a load already running (which they join instead).
  mutating func respond(to event: LifecycleEvent, now: Duration) -> [(key: Key, load: Load)] {
    switch event {
    case .didResignActive:
      watching.isActive = false
      return []
    case .didBecomeActive, .didReconnect:
      if event == .didBecomeActive { watching.isActive = true }
      return watching.watched().filter { needsLoad($0.key, now: now) }
    }
  }

  /// The watched keys whose poll is due at `now`, with the time of the next poll; `nil` when
  /// polling stops (nothing watched, no interval, or the app is not active).
  mutating func duePolls(now: Duration) -> (due: [(key: Key, load: Load)], next: Duration?) {
    let watched = watching.watched()
    guard let interval = policy.pollEvery, watching.isActive, !watched.isEmpty else {
      watching.isPolling = false
      return ([], nil)
    }
    var due: [(key: Key, load: Load)] = []
    for (key, load) in watched {
      let at = watching.pollDue[key] ?? now
      guard at <= now else { continue }
      watching.pollDue[key] = watching.nextPoll(after: now, every: interval)
      if flights.attachedFlight(for: key) == nil { due.append((key, load)) }
    }
    return (due, watching.pollDue.values.min())
  }

  /// Whether the polling task should start now; marks it started.
  mutating func startsPolling() -> Bool {
    guard policy.pollEvery != nil, watching.isActive, !watching.isPolling, !watching.isEmpty else {
      return false
    }
    watching.isPolling = true
    return true
  }

  /// Whether a background load of `key` (a prefetch, a revalidation on an event) should start:
  /// nothing fresh is held and nothing loads.
  func needsLoad(_ key: Key, now: Duration) -> Bool {
    guard flights.attachedFlight(for: key) == nil else { return false }
    guard let entry = entries[key] else { return true }
    return policy.freshness(ofAge: now - entry.storedAt) != .fresh
  }

  /// Drops the prefetch of `key` that nobody joined, when its value goes.
  mutating func dropPrefetch(of key: Key, _ reason: OwnerEvent.Reason) {
    guard let flight = flights.attachedFlight(for: key), flight.tag == .prefetch,
      flights.waiterCount(of: flight.id) == 0
    else { return }
    if let orphan = flights.detach(key, reason, recording: inspection) { droppedPrefetches.append(orphan) }
  }

  @usableFromInline mutating func takeDroppedPrefetches() -> [Task<Void, Never>] {
    defer { droppedPrefetches = [] }
    return droppedPrefetches
  }
}
