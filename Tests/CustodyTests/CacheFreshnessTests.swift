import CustodyTesting
import Testing

@testable import Custody

/// C2: fresh, then stale while one revalidation runs, then expired.
@Suite(.timeLimit(.minutes(1)))
struct CacheFreshnessTests {
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()
  let cache: Cache<Int, String>
  let inspector = TestInspector()

  init() {
    cache = Cache(
      policy: CachePolicy(freshFor: .seconds(10), staleFor: .seconds(20)), clock: clock, inspector: inspector)
  }

  private func read(_ key: Int) async throws -> String {
    try await cache.value(for: key) { [fetch] in try await fetch(key) }
  }

  @Test func staleValueIsReturnedAtOnceWhileOneRevalidationRuns() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(15))

    #expect(try await read(1) == "old")
    #expect(try await read(1) == "old")
    let revalidation = try await fetch.waitForCalls(1)[0]
    #expect(fetch.callCount == 1, "one revalidation for any number of stale reads")

    let updates = cache.deprecated.updates(for: 1).makeAsyncIterator()
    var iterator = updates
    #expect(await iterator.next() == "old")
    revalidation.resolve("new")
    #expect(await iterator.next() == "new")
    #expect(try await read(1) == "new")
    #expect(fetch.callCount == 1)
  }

  @Test func valueIsFreshUntilFreshForHasPassed() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(10) - .nanoseconds(1))
    #expect(try await read(1) == "old")
    #expect(cache.inFlightCount == 0)
  }

  @Test func pastStaleForTheCallerWaitsForALoad() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(30))
    let reading = Task { try await read(1) }
    try await fetch.waitForCalls(1)[0].resolve("new")
    #expect(try await reading.value == "new")
  }

  @Test func failedRevalidationKeepsTheStaleValueAndAllowsAnother() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(15))
    #expect(try await read(1) == "old")
    try await fetch.waitForCalls(1)[0].fail(UpstreamError(code: 1))
    try await inspector.waitUntilIdle()
    #expect(cache.cachedValue(for: 1) == "old")

    #expect(try await read(1) == "old")
    try await fetch.waitForCalls(2)[1].resolve("new")
    try await inspector.waitUntilIdle()
    #expect(cache.cachedValue(for: 1) == "new")
  }

  @Test func expiredReadersJoinARunningRevalidation() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(15))
    #expect(try await read(1) == "old")
    let revalidation = try await fetch.waitForCalls(1)[0]
    clock.advance(by: .seconds(20))
    let reading = Task { try await read(1) }
    try await inspector.waitForWaiters(1, on: 1)
    revalidation.resolve("new")
    #expect(try await reading.value == "new")
    #expect(fetch.callCount == 1)
  }

  // C3: removeAll cancels the revalidations the cache owns.
  @Test func removeAllCancelsBackgroundRevalidation() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(15))
    #expect(try await read(1) == "old")
    let revalidation = try await fetch.waitForCalls(1)[0]
    cache.removeAll()
    try await revalidation.waitForCancellation()
    #expect(cache.inFlightCount == 0)
    #expect(cache.cachedValue(for: 1) == nil)
  }
}
