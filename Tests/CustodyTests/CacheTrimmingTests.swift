import CustodyTesting
import Testing

@testable import Custody

/// C6 on request: `trim(toCost:)` and the system's memory pressure evict as the cost limit does.
@Suite(.timeLimit(.minutes(1)))
struct CacheTrimmingTests {
  let fetch = ControlledOperation<Int, String>()
  let inspector = TestInspector()
  let pressure = ManualMemoryPressure()

  /// A cache whose values cost their length, hearing of memory pressure from `pressure`.
  func makeCache(_ policy: CachePolicy = CachePolicy(costLimit: 100)) -> Cache<Int, String> {
    Cache(
      policy: policy, clock: TestClock(), cost: { $0.count }, name: nil, inspector: inspector, describeKey: nil,
      memoryPressure: pressure.source)
  }

  @Test func trimEvictsTheLeastRecentlyUsedUntilTheCostFits() {
    let cache = makeCache()
    cache.set("aaaa", for: 1)
    cache.set("bbbb", for: 2)
    cache.set("cccc", for: 3)
    _ = cache.cachedValue(for: 1)
    cache.trim(toCost: 6)
    #expect(cache.totalCost == 4)
    #expect(cache.cachedValue(for: 1) == "aaaa")
    #expect(cache.cachedValue(for: 2) == nil && cache.cachedValue(for: 3) == nil)
    cache.trim(toCost: 0)
    #expect(cache.count == 0)
  }

  @Test func trimmedValuesAreEvictionsForInspectorsAndNilForWatchers() async {
    let cache = makeCache()
    cache.set("aaaa", for: 1)
    cache.set("bb", for: 2)
    var watcher = cache.deprecated.updates(for: 1).makeAsyncIterator()
    #expect(await watcher.next() == "aaaa")
    cache.trim(toCost: 2)
    #expect(await watcher.next() == .some(nil))
    #expect(inspector.shapes() == ["committed 1", "committed 2", "evicted by trim 1"])
  }

  /// Unlike `invalidate`, a trim drops a value to save memory, not because it is wrong.
  @Test func aLoadRunningDuringATrimStillCommits() async throws {
    let cache = makeCache()
    cache.set("old", for: 1)
    let refreshing = Task { [fetch] in try await cache.refresh(1) { try await fetch(1) } }
    let call = try await fetch.waitForCalls(1)[0]
    cache.trim(toCost: 0)
    #expect(cache.cachedValue(for: 1) == nil)
    #expect(cache.inFlightCount == 1, "the load keeps running")
    call.resolve("new")
    #expect(try await refreshing.value == "new")
    #expect(cache.cachedValue(for: 1) == "new")
  }

  @Test func aMemoryWarningHalvesTheCostAndCriticalPressureEmptiesTheCache() {
    let cache = makeCache()
    for key in 1...4 { cache.set("vv", for: key) }
    pressure.send(.warning)
    #expect(cache.totalCost == 4)
    #expect(cache.cachedValue(for: 1) == nil && cache.cachedValue(for: 4) == "vv")
    pressure.send(.critical)
    #expect(cache.count == 0)
    #expect(
      inspector.shapes().filter { $0.hasPrefix("evicted") }.allSatisfy { $0.hasPrefix("evicted by memory pressure") })
    #expect(inspector.shapes().filter { $0.hasPrefix("evicted") }.count == 4)
  }

  @Test func aPolicyThatKeepsValuesUnderPressureNeverListens() {
    let cache = makeCache(CachePolicy(trimsUnderMemoryPressure: false))
    cache.set("kept", for: 1)
    pressure.send(.critical)
    #expect(pressure.started == 0)
    #expect(cache.cachedValue(for: 1) == "kept")
  }

  /// The notifications must neither keep the cache alive nor outlive it.
  @Test func releasingTheCacheStopsItsNotifications() {
    weak var released: Cache<Int, String>?
    do {
      let cache = makeCache()
      released = cache
      cache.set("value", for: 1)
      #expect(pressure.started == 1)
    }
    #expect(released == nil, "a handler that held the cache would keep it")
    #expect(pressure.stopped == 1)
    pressure.send(.critical)  // a notification already on its way finds nothing to trim
  }
}
