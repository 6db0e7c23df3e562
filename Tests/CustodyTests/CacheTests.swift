import CustodyTesting
import Testing

@testable import Custody

/// C1, C4, C5, C7, C9: loading, refreshing and setting values.
@Suite(.timeLimit(.minutes(1)))
struct CacheTests {
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()
  let cache: Cache<Int, String>
  let inspector = TestInspector()

  init() {
    cache = Cache(policy: CachePolicy(freshFor: .seconds(10)), clock: clock, inspector: inspector)
  }

  private func value(_ key: Int) -> Task<String, any Error> {
    Task { [cache, fetch] in try await cache.value(for: key) { try await fetch(key) } }
  }

  private func refresh(_ key: Int) -> Task<String, any Error> {
    Task { [cache, fetch] in try await cache.refresh(key) { try await fetch(key) } }
  }

  // C1
  @Test func freshValueIsReturnedWithoutLoading() async throws {
    cache.set("cached", for: 1)
    clock.advance(by: .seconds(9))
    #expect(try await cache.value(for: 1) { try await fetch(1) } == "cached")
    #expect(fetch.callCount == 0)
  }

  // C1
  @Test func missingValueIsLoadedOnceForConcurrentCallers() async throws {
    let callers = (0..<4).map { _ in value(1) }
    try await inspector.waitForWaiters(4, on: 1)
    try await fetch.waitForCalls(1)[0].resolve("loaded")
    for caller in callers { #expect(try await caller.value == "loaded") }
    #expect(fetch.callCount == 1)
    #expect(cache.cachedValue(for: 1) == "loaded")
  }

  // C1 with S2
  @Test func cancelledCallerLeavesOthersWaitingAndTheLastOneCancelsTheLoad() async throws {
    let leaving = value(1)
    let staying = value(1)
    try await inspector.waitForWaiters(2, on: 1)
    let call = try await fetch.waitForCalls(1)[0]
    leaving.cancel()
    #expect(await leaving.ending == .cancelled)
    #expect(!call.isCancelled)
    staying.cancel()
    #expect(await staying.ending == .cancelled)
    try await call.waitForCancellation()
    #expect(cache.inFlightCount == 0)
    #expect(cache.cachedValue(for: 1) == nil)
  }

  // C4
  @Test func refreshAlwaysLoadsAndCommits() async throws {
    cache.set("cached", for: 1)
    let refreshing = refresh(1)
    try await fetch.waitForCalls(1)[0].resolve("refreshed")
    #expect(try await refreshing.value == "refreshed")
    #expect(cache.cachedValue(for: 1) == "refreshed")
  }

  // C4
  @Test func concurrentRefreshesShareOneLoad() async throws {
    let refreshes = (0..<3).map { _ in refresh(1) }
    try await inspector.waitForWaiters(3, on: 1)
    try await fetch.waitForCalls(1)[0].resolve("refreshed")
    for refresh in refreshes { #expect(try await refresh.value == "refreshed") }
    #expect(fetch.callCount == 1)
  }

  // C4
  @Test func refreshDoesNotJoinALoadThatStartedBefore() async throws {
    let loading = value(1)
    let load = try await fetch.waitForCalls(1)[0]
    let refreshing = refresh(1)
    let reload = try await fetch.waitForCalls(2)[1]
    reload.resolve("refreshed")
    load.resolve("older")
    #expect(try await loading.value == "older")
    #expect(try await refreshing.value == "refreshed")
    #expect(cache.cachedValue(for: 1) == "refreshed")
  }

  // C5
  @Test func setWinsOverALoadThatStartedBefore() async throws {
    let loading = value(1)
    let load = try await fetch.waitForCalls(1)[0]
    cache.set("saved", for: 1)
    load.resolve("loaded before the save")
    #expect(try await loading.value == "loaded before the save", "its callers still get its value")
    #expect(cache.cachedValue(for: 1) == "saved")
    #expect(try await cache.value(for: 1) { try await fetch(1) } == "saved")
  }

  // C7
  @Test @MainActor func cachedValueIsSynchronousOnTheMainActor() {
    cache.set("cached", for: 1)
    let shown: String? = cache.cachedValue(for: 1)
    #expect(shown == "cached")
    #expect(cache.cachedValue(for: 2) == nil)
  }

  // C9
  @Test func failedLoadKeepsThePreviousValue() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(11))
    let loading = value(1)
    try await fetch.waitForCalls(1)[0].fail(UpstreamError(code: 1))
    #expect(await loading.ending == .failed(UpstreamError(code: 1)))
    #expect(cache.cachedValue(for: 1) == "old")

    let refreshing = refresh(1)
    try await fetch.waitForCalls(2)[1].fail(UpstreamError(code: 2))
    #expect(await refreshing.ending == .failed(UpstreamError(code: 2)))
    #expect(cache.cachedValue(for: 1) == "old")
  }
}
