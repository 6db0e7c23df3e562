import CustodyTesting

@testable import Custody

/// Random `Cache` operations over a few keys with tight limits and a clock that moves in steps
/// as long as the freshness windows, so values go fresh, stale and expired all the time.
final class CacheSoak: Sendable {
  static let keys = 0...11
  let policy = CachePolicy(freshFor: .milliseconds(20), staleFor: .milliseconds(20), countLimit: 6, costLimit: 24)
  let clock = TestClock()
  let cache: Cache<Int, Stamped>
  let inspector = TestInspector(eventLimit: 0)
  let upstream: KeyedUpstream
  /// Counts clock advances; its lock makes them take turns.
  private let advances = LockedState(0)
  private let report: SoakReport

  init(report: SoakReport) {
    self.report = report
    upstream = KeyedUpstream(name: "cache", report: report)
    cache = Cache(policy: policy, clock: clock, cost: { $0.cost }, inspector: inspector)
  }

  func step(_ rng: inout SplitMix64) async {
    report.begin(.cache)
    defer { report.end(.cache) }
    let key = rng.int(in: Self.keys)
    switch rng.int(in: 0...99) {
    case 0..<40: await load(key, &rng)
    case 40..<50: await refresh(key, &rng)
    case 50..<58: set(key, &rng)
    case 58..<65: upstream.detaching([key], raisesFloor: true) { _ in cache.remove(key) }
    case 65..<67: upstream.detaching(Self.keys, raisesFloor: true) { _ in cache.removeAll() }
    // A trim leaves loads attached, so it raises no floor: what they commit afterwards is current.
    case 67..<69: cache.trim(toCost: rng.int(in: 0...policy.costLimit!))
    case 69..<78: advance(by: .milliseconds(rng.int(in: 1...15)))
    case 78..<86: report.check(cache.cachedValue(for: key).map { $0.key == key } ?? true, "cache: wrong key")
    case 86..<93: checkEntry(key)
    default: await observe(key, &rng)
    }
    checkInvariants(key)
  }

  /// `TestClock.advance(by:)` reads the time and then moves it in two steps, so two tasks
  /// advancing at once can ask it to move backwards, which it refuses; advances take turns.
  private func advance(by duration: Duration) {
    advances.withLock { count in
      count += 1
      clock.advance(by: duration)
    }
  }

  private func load(_ key: Int, _ rng: inout SplitMix64) async {
    let behavior = SoakBehavior.random(&rng)
    let cancelAfter = rng.chance(12) ? rng.int(in: 0...4) : nil
    let epoch = upstream.epoch(of: key)
    let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter, cancel: cancelling(key)) {
      [cache, upstream] in
      try await cache.value(for: key) { try await upstream.call(key, since: epoch, behavior: behavior) }
    }
    report.judge(result, cancelled: cancelled, "cache value(for: \(key))") { $0.key == key ? nil : "wrong key" }
  }

  private func refresh(_ key: Int, _ rng: inout SplitMix64) async {
    let behavior = SoakBehavior.random(&rng)
    let cancelAfter = rng.chance(12) ? rng.int(in: 0...4) : nil
    let epoch = upstream.epoch(of: key)
    let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter, cancel: cancelling(key)) {
      [cache, upstream] in
      try await cache.refresh(key) { try await upstream.call(key, since: epoch, behavior: behavior, supersedes: true) }
    }
    report.judge(result, cancelled: cancelled, "cache refresh(\(key))") { $0.key == key ? nil : "wrong key" }
  }

  private func set(_ key: Int, _ rng: inout SplitMix64) {
    let cost = rng.int(in: 1...8)
    let serial = upstream.nextSerial()
    upstream.detaching([key], raisesFloor: true) { floor in
      cache.set(Stamped(key: key, floor: floor, serial: serial, cost: cost), for: key)
    }
  }

  /// A synchronous read of `key` with its age: the value is the key's, and its freshness is
  /// the one C2 gives its age.
  private func checkEntry(_ key: Int) {
    guard let entry = cache.cachedEntry(for: key) else { return }
    report.check(entry.value.key == key, "cache: cachedEntry(for: \(key)) holds key \(entry.value.key)")
    let expected: CacheFreshness =
      entry.age < policy.freshFor ? .fresh : entry.age < policy.freshFor + policy.staleFor ? .stale : .expired
    report.check(
      entry.age >= .zero && entry.freshness == expected, "cache: an entry \(entry.age) old is \(entry.freshness)")
  }

  /// Follows `updates(for:)` of `key` while a few other operations run, until it has read a
  /// value once its last operation, a `set`, is about to start. A follower keeps only the newest
  /// unread value, so it cannot count on seeing each commit; but one that has not yet seen the
  /// mark still has that `set`'s value, or a newer one, to read.
  ///
  /// Half the followers are cancelled while commits yield to them: a stream's termination
  /// handler once took the cache's lock under the runtime's lock of the follower's task while a
  /// commit held the cache's lock and needed that task lock, and the two deadlocked.
  private func observe(_ key: Int, _ rng: inout SplitMix64) async {
    let updates = cache.deprecated.updates(for: key)
    let report = self.report
    let lastSet = LockedState(false)
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await value in updates {
          if let value { report.check(value.key == key, "cache updates(for: \(key)) sent key \(value.key)") }
          if lastSet.withLock({ $0 }) { break }
        }
      }
      for _ in 0..<rng.int(in: 0...2) where rng.chance(70) { await load(key, &rng) }
      lastSet.withLock { $0 = true }
      set(key, &rng)
      if rng.chance(50) { group.cancelAll() }
    }
  }

  /// Cancelling a caller may end the last wait on a load, which frees the key: that detaches
  /// like `invalidate`, so it runs under the fake's lock.
  private func cancelling(_ key: Int) -> (() -> Void) -> Void {
    { [upstream] cancel in upstream.detaching([key], raisesFloor: false) { _ in cancel() } }
  }

  private func checkInvariants(_ key: Int) {
    upstream.checkFloor(of: key) { cache.cachedValue(for: key) }
    let (count, cost) = (cache.count, cache.totalCost)
    report.check(count <= policy.countLimit!, "cache holds \(count) values, over its limit \(policy.countLimit!)")
    report.check(cost <= policy.costLimit!, "cache holds cost \(cost), over its limit \(policy.costLimit!)")
  }

  /// After every caller has returned: nothing runs, nothing watches, nothing stale is held.
  func checkQuiescent() async throws {
    try await upstream.waitUntilIdle()
    try await inspector.waitUntilIdle()
    report.check(cache.inFlightCount == 0, "cache: \(cache.inFlightCount) loads still in flight")
    report.check(cache.subscriberCount == 0, "cache: \(cache.subscriberCount) update streams still registered")
    for key in Self.keys { checkInvariants(key) }
  }
}
