import CustodyTesting
import Testing

@testable import Custody

/// C8 for `watch(_:)`: one call yields what a screen renders of a key, loads it when nothing
/// fresh is held with the load every reader shares, revalidates a stale value in the
/// background, and ends with its task leaving nothing behind; `updates()` follows every key.
@Suite(.timeLimit(.minutes(1)))
struct CacheWatchTests {
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()
  let inspector = TestInspector()
  let cache: Cache<Int, String>

  init() {
    cache = Cache(
      policy: CachePolicy(freshFor: .seconds(60), staleFor: .seconds(600)), clock: clock, inspector: inspector
    ) { [fetch] key in try await fetch(key) }
  }

  @Test func aWatchLoadsWhatIsMissingOnceForEveryReader() async throws {
    var screen = cache.watch(1).makeAsyncIterator()
    let first = try #require(await screen.next())
    #expect(first.content == .notLoaded && first.isLoading, "a spinner, nothing to show yet")
    let reader = Task { [cache] in try await cache.value(for: 1) }
    try await inspector.waitForWaiters(1, on: 1)
    let other = cache.watch(1)
    _ = other
    try await fetch.waitForCalls(1)[0].resolve("one")
    #expect(try await reader.value == "one")
    let loaded = try #require(await screen.next())
    #expect(loaded.value == "one" && !loaded.isLoading && loaded.entry?.freshness == .fresh)
    #expect(fetch.callCount == 1, "the reader and both watches shared one load")
  }

  @Test func aFreshValueShowsWithoutALoad() async throws {
    cache.set("held", for: 1)
    var screen = cache.watch(1).makeAsyncIterator()
    let entry = try #require(await screen.next())
    #expect(entry.value == "held" && !entry.isLoading)
    #expect(LoadState(entry) == .loaded("held"))
    #expect(fetch.callCount == 0)
  }

  @Test func aStaleValueShowsAtOnceWhileItRevalidates() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(61))
    var screen = cache.watch(1).makeAsyncIterator()
    let stale = try #require(await screen.next())
    #expect(stale.value == "old" && stale.isRevalidating && stale.entry?.freshness == .stale)
    #expect(stale.entry?.age == .seconds(61))
    #expect(LoadState(stale) == .loading(previous: "old"))
    try await fetch.waitForCalls(1)[0].resolve("new")
    let renewed = try #require(await screen.next())
    #expect(renewed.value == "new" && !renewed.isLoading && renewed.entry?.freshness == .fresh)
  }

  @Test func aFailedLoadKeepsTheValueAndShowsTheFailureUntilALoadSucceeds() async throws {
    cache.set("old", for: 1)
    clock.advance(by: .seconds(61))
    var screen = cache.watch(1).makeAsyncIterator()
    _ = await screen.next()
    try await fetch.waitForCalls(1)[0].fail(UpstreamError(code: 5))
    let failed = try #require(await screen.next())
    #expect(failed.value == "old" && !failed.isLoading)
    #expect(failed.loadError == LoadError(UpstreamError(code: 5)) && failed.failure == .unknown)
    #expect(LoadState(failed) == .failed(LoadError(UpstreamError(code: 5)), previous: "old"))
    let refreshing = Task { [cache] in try await cache.refresh(1) }
    #expect(try #require(await screen.next()).isLoading, "the failure stays while the next load runs")
    try await fetch.waitForCalls(2)[1].resolve("new")
    _ = try await refreshing.value
    let renewed = try #require(await screen.next())
    #expect(renewed.value == "new" && renewed.loadError == nil)
  }

  @Test func aCancelledLoadIsNoFailure() async throws {
    let cache = Cache<Int, String>(clock: clock)
    var screen = cache.watch(1).makeAsyncIterator()
    #expect(try #require(await screen.next()).isLoading == false)
    let reader = Task { [fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    #expect(try #require(await screen.next()).isLoading, "the reader's load shows")
    reader.cancel()
    let ended = try #require(await screen.next())
    #expect(!ended.isLoading && ended.loadError == nil, "its only caller left: abandoned, not failed")
  }

  @Test func aRemovedValueIsToldApartFromOneNeverLoaded() async throws {
    let cache = Cache<Int, String>(clock: clock)
    var screen = cache.watch(1).makeAsyncIterator()
    #expect(try #require(await screen.next()).content == .notLoaded, "a cache without a loader loads nothing")
    cache.set("v", for: 1)
    #expect(try #require(await screen.next()).value == "v")
    cache.remove(1)
    let removed = try #require(await screen.next())
    #expect(removed.wasRemoved && removed.value == nil)
    #expect(LoadState(removed) == .idle)
  }

  @Test func aClosureLoadsForACacheWithoutALoader() async throws {
    let cache = Cache<Int, String>(clock: clock)
    var screen = cache.watch(3) { [fetch] in try await fetch(3) }.makeAsyncIterator()
    #expect(try #require(await screen.next()).isLoading)
    try await fetch.waitForCalls(1)[0].resolve("three")
    #expect(try #require(await screen.next()).value == "three")
  }

  @Test func aWatchEndsWithItsTaskAndLeavesNothingBehind() async throws {
    cache.set("v", for: 1)
    let stream = cache.watch(1)
    let consumer = Task {
      var seen = 0
      for await _ in stream { seen += 1 }
      return seen
    }
    #expect(cache.subscriberCount == 1)
    consumer.cancel()
    _ = await consumer.value
    cache.set("w", for: 1)  // the next change of the key finds nobody watching
    let tables = cache.state.withLock { ($0.watching.entries.count, $0.watching.loads.count) }
    #expect(tables == (0, 0), "the key's watch and its loader are gone")
    #expect(cache.subscriberCount == 0)
  }

  @Test func aWatchedKeyRevalidatesWhenTheAppComesBack() async throws {
    let events = Broadcast<LifecycleEvent>()
    cache.revalidate(on: events.updates())
    cache.set("v", for: 1)
    var screen = cache.watch(1).makeAsyncIterator()
    _ = await screen.next()
    clock.advance(by: .seconds(61))
    events.send(.didBecomeActive)
    try await fetch.waitForCalls(1)[0].resolve("back")
    var entry = try #require(await screen.next())
    while entry.value != "back" { entry = try #require(await screen.next()) }
    #expect(fetch.callCount == 1)
  }

  @Test func updatesStreamEveryChangeOfEveryKeyWithItsCause() async throws {
    var changes = cache.updates().makeAsyncIterator()
    cache.set("a", for: 1)
    let loading = Task { [cache] in try await cache.value(for: 2) }
    try await fetch.waitForCalls(1)[0].resolve("b")
    _ = try await loading.value
    try await cache.mutate(1, optimistically: { $0 += "!" }) { _ in "saved" }
    cache.remove(2)
    var seen: [String] = []
    for _ in 0..<5 {
      let change = try #require(await changes.next())
      seen.append("\(change.key) \(change.value ?? "-") \(change.cause)")
    }
    #expect(seen == ["1 a set", "2 b load", "1 a! write", "1 saved write", "2 - removal"])
    #expect(cache.subscriberCount == 1)
  }
}
