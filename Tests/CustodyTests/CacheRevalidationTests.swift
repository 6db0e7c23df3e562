import CustodyTesting
import Testing

@testable import Custody

/// M7, lifecycle events, polling and prefetch: keeping watched keys up to date.
@Suite(.timeLimit(.minutes(3)))
struct CacheRevalidationTests {
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()
  let events = Broadcast<LifecycleEvent>()
  let inspector = TestInspector()

  private func makeCache(pollEvery: Duration? = nil) -> Cache<Int, String> {
    Cache(
      policy: CachePolicy(freshFor: .seconds(60), staleFor: .seconds(600), pollEvery: pollEvery), clock: clock,
      inspector: inspector)
  }

  // M7 for the `write` form of 1.0: the keys it names revalidate once, on success only.
  @Test func aWriteRevalidatesTheKeysItNamesOnceOnSuccess() async throws {
    let products = makeCache()
    let searches = makeCache()
    searches.set("old list", for: 7)
    var screen = searches.deprecated.updates(for: 7, revalidatingWith: { [fetch] in try await fetch(7) })
      .makeAsyncIterator()
    #expect(await screen.next() == "old list")
    _ = try? await products.deprecated.write(1, optimistically: nil, revalidating: [searches.revalidation(of: 7)]) {
      throw UpstreamError(code: 1)
    }
    // A load started by mistake would call `fetch` later; its start is seen at once.
    #expect(!inspector.kinds().contains(.started), "a failed write revalidates nothing")
    try await products.deprecated.write(
      1, optimistically: nil, revalidating: [searches.revalidation(where: { $0 == 7 })]
    ) {
      "saved"
    }
    try await fetch.waitForCalls(1)[0].resolve("new list")
    #expect(await screen.next() == "new list")
    #expect(fetch.callCount == 1)
  }

  @Test func revalidateKeepsTheValueAndLoadsAnUnwatchedKeyOnItsNextRead() async throws {
    let cache = makeCache()
    cache.set("old", for: 1)
    let early = Task { [fetch] in try await cache.refresh(1) { try await fetch(1) } }
    let before = try await fetch.waitForCalls(1)[0]
    cache.revalidate(1)
    #expect(cache.cachedValue(for: 1) == "old", "the value stays for readers")
    let hit = try await cache.value(for: 1) { [fetch] in try await fetch(1) }
    #expect(hit == "old", "a stale hit")
    let after = try await fetch.waitForCalls(2)[1]
    before.resolve("from before")
    _ = try await early.value
    #expect(cache.cachedValue(for: 1) == "old", "a load that started before never commits")
    after.resolve("new")
    try await inspector.waitUntilIdle()
    #expect(cache.cachedValue(for: 1) == "new")
  }

  @Test func becomingActiveRevalidatesStaleWatchedKeysOnceAndJoinsRunningLoads() async throws {
    let cache = makeCache()
    cache.revalidate(on: events.updates())
    for key in 1...3 { cache.set("v\(key)", for: key) }
    clock.advance(by: .seconds(61))
    cache.set("fresh", for: 3)
    var watchers = (1...3).map { key in
      cache.deprecated.updates(for: key, revalidatingWith: { [fetch] in try await fetch(key) })
    }
    _ = watchers
    let unwatched = cache.deprecated.updates(for: 4)
    _ = unwatched
    events.send(.didBecomeActive)
    events.send(.didReconnect)  // joins the loads already running
    let calls = try await fetch.waitForCalls(2)
    #expect(Set(calls.map(\.input)) == [1, 2], "only the stale ones, once each")
    for call in calls { call.resolve("new \(call.input)") }
    // Not `waitUntilIdle`: the loads start on the revalidating task, and an inspector that has
    // not seen them start yet is idle. A load's end is delivered after its commit is made.
    try await inspector.wait(for: "both loads ended") { $0.events.count { $0.kind == .finished } == 2 }
    #expect(cache.cachedValue(for: 1) == "new 1" && cache.cachedValue(for: 2) == "new 2")
    #expect(fetch.callCount == 2)
    let reasons = inspector.events.filter { $0.kind == .started }.compactMap(\.reason)
    #expect(reasons == [.becameActive, .becameActive], "inspectors see what triggered them")
    watchers.removeAll()
  }

  @Test func pollingReloadsWatchedKeysWithJitter() async throws {
    let cache = makeCache(pollEvery: .seconds(30))
    cache.state.withLock { $0.watching.random = { 0.5 } }
    cache.set("v", for: 1)
    let watcher = cache.deprecated.updates(for: 1, revalidatingWith: { [fetch] in try await fetch(1) })
    try await clock.waitForSleepers(1)
    #expect(clock.nextDeadline?.offset == .seconds(31.5), "30 s plus half of a tenth")
    clock.advance(by: .seconds(31.5))
    try await fetch.waitForCalls(1)[0].resolve("polled")
    try await inspector.waitForEvent("the poll's end") { $0.kind == .finished }
    #expect(cache.cachedValue(for: 1) == "polled", "a poll reloads a fresh value too")
    try await clock.waitForSleepers(1)
    #expect(clock.nextDeadline?.offset == .seconds(63))
    _ = watcher
  }

  @Test func pollingPausesWhileTheAppIsNotActive() {
    var state = CacheState<Int, String>(policy: CachePolicy(pollEvery: .seconds(30)))
    state.watching.random = { 0 }
    let watcher = state.watch(1, load: { "v" }, now: .zero)
    let starts = state.startsPolling()
    #expect(starts)
    let due = state.duePolls(now: .seconds(30)).due.map(\.key)
    #expect(due == [1])
    _ = state.respond(to: .didResignActive, now: .seconds(40))
    let paused = state.duePolls(now: .seconds(60))
    #expect(paused.due.isEmpty && paused.next == nil, "the polling task stops")
    _ = state.respond(to: .didBecomeActive, now: .seconds(70))
    let startsAgain = state.startsPolling()
    #expect(startsAgain, "and starts again when the app is back")
    _ = watcher
  }

  @Test func aPrefetchIsDroppedWithItsKeyAndJoinedByACaller() async throws {
    let cache = makeCache()
    cache.prefetch(1) { [fetch] in try await fetch(1) }
    let first = try await fetch.waitForCalls(1)[0]
    cache.prefetch(1) { [fetch] in try await fetch(1) }
    #expect(inspector.kinds().count { $0 == .started } == 1, "one load at a time")
    cache.remove(1)
    try await first.waitForCancellation()
    cache.prefetch(2) { [fetch] in try await fetch(2) }
    let second = try await fetch.waitForCalls(2)[1]
    let caller = Task { [fetch] in try await cache.value(for: 2) { try await fetch(2) } }
    try await inspector.waitForWaiters(1, on: 2)
    second.resolve("prefetched")
    #expect(try await caller.value == "prefetched")
    #expect(fetch.callCount == 2)
  }
}
