import Custody
import CustodyTesting
import Testing

/// What a Cache tells its inspector, and in which order.
@Suite(.timeLimit(.minutes(1)))
struct CacheEventsTests {
  let inspector = TestInspector()
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()

  private func makeCache(
    _ policy: CachePolicy = .init(freshFor: .seconds(10), staleFor: .seconds(20))
  )
    -> Cache<Int, String>
  {
    Cache(policy: policy, clock: clock, name: "products", inspector: inspector)
  }

  @Test func aMissLoadsAndCommitsThenAHitAndAStaleHitFollow() async throws {
    let cache = makeCache()
    let loading = Task { [fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    try await inspector.waitForWaiters(1, on: 1)
    try await fetch.waitForCalls(1)[0].resolve("one")
    _ = try await loading.value
    _ = try await cache.value(for: 1) { "unused" }
    clock.advance(by: .seconds(15))
    _ = try await cache.value(for: 1) { [fetch] in try await fetch(1) }
    try await fetch.waitForCalls(2)[1].resolve("one again")
    // Idle comes with the revalidation's end; its commit is delivered right after.
    try await inspector.wait(for: "two commits") { $0.events.count { $0.kind == .committed } == 2 }
    #expect(
      inspector.shapes() == [
        "miss", "started load", "joined 1", "finished succeeded", "committed 1",
        "hit",
        "stale hit", "started revalidation", "finished succeeded", "committed 1",
      ])
    #expect(inspector.recording.activity()?.counters.hitRatio == 2.0 / 3.0)
  }

  // C3: the invalidated load is detached before it finishes, and it commits nothing.
  @Test func anInvalidatedLoadIsDetachedBeforeItFinishesAndCommitsNothing() async throws {
    let cache = makeCache()
    cache.set("zero", for: 1)
    clock.advance(by: .seconds(40))
    let loading = Task { [fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    try await inspector.waitForWaiters(1, on: 1)
    cache.remove(1)
    try await fetch.waitForCalls(1)[0].resolve("late")
    _ = try await loading.value
    try await inspector.waitUntilIdle()
    #expect(
      inspector.shapes() == [
        "committed 1", "miss", "started load", "joined 1", "detached by invalidate", "removed 0", "finished succeeded",
      ])
  }

  // C4, C5: a refresh detaches the load it replaces; `set` detaches the refresh.
  @Test func refreshAndSetDetachTheLoadsTheyOvertake() async throws {
    let cache = makeCache()
    let loading = Task { [fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    try await inspector.waitForWaiters(1, on: 1)
    let refreshing = Task { [fetch] in try await cache.refresh(1) { try await fetch(1) } }
    try await fetch.waitForCalls(2)
    cache.set("set", for: 1)
    for call in fetch.calls { call.resolve("loaded") }
    _ = try await (loading.value, refreshing.value)
    try await inspector.waitUntilIdle()
    let shapes = inspector.shapes()
    #expect(
      shapes.prefix(7) == [
        "miss", "started load", "joined 1", "detached by refresh", "started refresh", "joined 1", "detached by set",
      ])
    #expect(shapes.filter { $0 == "finished succeeded" }.count == 2)
    #expect(shapes.filter { $0.hasPrefix("committed") }.count == 1, "only set's value is kept")
  }

  @Test func evictionsSayWhichLimitTheyKeep() {
    let cache = Cache<Int, String>(
      policy: CachePolicy(countLimit: 2, costLimit: 10), cost: { $0.count }, name: "sized", inspector: inspector)
    cache.set("a", for: 1)
    cache.set("b", for: 2)
    cache.set("c", for: 3)
    cache.set("0123456789", for: 4)
    #expect(
      inspector.shapes() == [
        "committed 1", "committed 2", "committed 3", "evicted by count limit 2", "committed 3",
        "evicted by count limit 2", "evicted by cost limit 1",
      ])
    #expect(inspector.recording.activity()?.size == .init(entries: 1, cost: 10))
  }

  @Test func theLastCallerLeavingAbandonsTheLoadAndRemoveAllDetachesTheRest() async throws {
    let cache = makeCache()
    let leaving = Task { [fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    try await inspector.waitForWaiters(1, on: 1)
    leaving.cancel()
    try await inspector.waitUntilIdle()
    let staying = Task { [fetch] in try await cache.value(for: 2) { try await fetch(2) } }
    try await inspector.waitForWaiters(1, on: 2)
    cache.removeAll()
    try await fetch.waitForCalls(2)[1].resolve("two")
    _ = try await staying.value
    try await inspector.waitUntilIdle()
    #expect(
      inspector.shapes() == [
        "miss", "started load", "joined 1", "abandoned",
        "miss", "started load", "joined 1", "detached by removeAll", "finished succeeded",
      ])
  }
}
