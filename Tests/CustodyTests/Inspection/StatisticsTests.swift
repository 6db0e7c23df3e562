import Custody
import CustodyTesting
import Testing

/// The ready-made inspector: counters, a live picture and the last events.
@Suite(.timeLimit(.minutes(1)))
struct StatisticsTests {
  let statistics = Statistics(logLimit: 4)
  let fetch = ControlledOperation<Int, String>()

  @Test func showsTheLoadsInFlightWithTheirWaitersWhileTheyRun() async throws {
    let probe = TestInspector()
    let fanOut = InspectorGroup([statistics, probe])
    let cache = Cache<Int, String>(name: "products", inspector: fanOut, describeKey: { "/products/\($0)" })
    let callers = (0..<3).map { _ in Task { [fetch] in try await cache.value(for: 7) { try await fetch(7) } } }
    try await probe.waitForWaiters(3, on: 7)

    let running = try #require(statistics.snapshot().owner(named: "products"))
    #expect(running.flightsInFlight.map(\.waiters) == [3])
    #expect(running.flightsInFlight.first?.key?.description == "/products/7")

    try await fetch.waitForCalls(1)[0].resolve("seven")
    for caller in callers { _ = try await caller.value }
    try await probe.waitUntilIdle()
    _ = cache.cachedValue(for: 7)
    _ = try await cache.value(for: 7) { "unused" }

    let settled = try #require(statistics.snapshot().owner(named: "products"))
    #expect(settled.flightsInFlight.isEmpty)
    #expect(settled.counters.misses == 3 && settled.counters.hits == 1, "cachedValue(for:) is a peek, not a lookup")
    #expect(settled.counters.started == 1 && settled.counters.joins == 2)
    #expect(settled.counters.hitRatio == 0.25)
    #expect(settled.size == .init(entries: 1, cost: 1))
  }

  @Test func keepsTheLastEventsButNotEveryHit() {
    let cache = Cache<Int, String>(name: "products", inspector: statistics)
    for key in 1...3 { cache.set("v", for: key) }
    for _ in 0..<100 { _ = cache.cachedValue(for: 1) }
    cache.remove(1)
    cache.remove(2)
    let log = statistics.snapshot().recentEvents.map { $0.event.description }
    #expect(log == ["products stored 2", "products stored 3", "products removed 1", "products removed 2"])
  }

  @Test func countsTheTokenRefreshesInItsWindow() async throws {
    let store = TokenStore(
      credential: Credential(accessToken: "a", refreshToken: "r", expiresAt: nil), name: "session",
      inspector: statistics
    ) { _ in Credential(accessToken: "b", refreshToken: "r", expiresAt: nil) }
    _ = try await store.refresh(rejected: "a")
    #expect(statistics.snapshot().refreshesInWindow == ["session": 1])
    #expect(statistics.snapshot().owner(named: "session")?.counters.succeeded == 1)
  }

  @Test func resetForgetsCountsButKeepsWhatIsInFlight() async throws {
    let probe = TestInspector()
    let flight = SingleFlight<Int, String>(name: "flight", inspector: InspectorGroup([statistics, probe]))
    let caller = Task { [fetch] in try await flight.run(1) { try await fetch(1) } }
    try await probe.waitForWaiters(1, on: 1)
    statistics.reset()
    let snapshot = try #require(statistics.snapshot().owner(named: "flight"))
    #expect(snapshot.counters.started == 0 && snapshot.flightsInFlight.count == 1)
    try await fetch.waitForCalls(1)[0].resolve("one")
    _ = try await caller.value
  }
}
