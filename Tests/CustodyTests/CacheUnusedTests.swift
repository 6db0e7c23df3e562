import CustodyTesting
import Foundation
import Testing

@testable import Custody

/// U1: values nobody uses are removed after the policy's time, on the cache's clock.
@Suite(.timeLimit(.minutes(3)))
struct CacheUnusedTests {
  let clock = TestClock()
  let inspector = TestInspector()
  let policy = CachePolicy(freshFor: .seconds(3600), removesUnusedAfter: .seconds(300))

  private func makeCache() -> Cache<Int, String> { Cache(policy: policy, clock: clock, inspector: inspector) }

  /// Whether `key` has a value, without using it.
  private func holds(_ cache: Cache<Int, String>, _ key: Int) -> Bool {
    cache.state.withLock { $0.entries[key] != nil }
  }

  private func waitForRemovals(_ count: Int) async throws {
    try await inspector.wait(for: "\(count) values removed as unused") { recording in
      recording.events.count { $0.kind == .evicted && $0.reason == .unused } >= count
    }
  }

  // U1: the time runs from the last read or commit, whichever read it was.
  @Test func aValueIsRemovedOnceNobodyUsedItForTheTime() async throws {
    let cache = makeCache()
    for key in 1...3 { cache.set("v\(key)", for: key) }
    clock.advance(by: .seconds(200))
    _ = try await cache.value(for: 1) { "loaded" }  // a fresh hit
    clock.advance(by: .seconds(50))
    _ = cache.cachedValue(for: 3)  // used at 250
    clock.advance(by: .seconds(49))
    try await clock.waitForSleepers(1)
    #expect(cache.count == 3, "nothing is due before 300")

    clock.advance(by: .seconds(1))  // 300: key 2 was last used at 0
    try await waitForRemovals(1)
    #expect(!holds(cache, 2) && holds(cache, 1) && holds(cache, 3))
    clock.advance(by: .seconds(199))
    try await clock.waitForSleepers(1)
    #expect(cache.count == 2, "key 1 is due at 500")

    clock.advance(by: .seconds(1))
    try await waitForRemovals(2)
    #expect(!holds(cache, 1) && holds(cache, 3))
    clock.advance(by: .seconds(50))
    try await waitForRemovals(3)
    #expect(cache.count == 0)
    let removals = inspector.shapes().filter { $0.hasPrefix("evicted") }
    #expect(removals == ["evicted by unused 2", "evicted by unused 1", "evicted by unused 0"])
  }

  // U1: a value a stream watches, or a write is pending on, is in use.
  @Test func watchedAndPendingValuesStay() async throws {
    let cache = makeCache()
    cache.set("watched", for: 1)
    cache.set("written", for: 2)
    cache.set("idle", for: 3)
    let stream = cache.deprecated.updates(for: 1)
    let screen = Task { for await _ in stream {} }
    let request = ControlledOperation<Int, String>()
    let edit = Task { try await cache.mutate(2, optimistically: { $0 += "!" }) { _ in try await request(2) } }
    let call = try await request.waitForCalls(1)[0]

    clock.advance(by: .seconds(300))
    cache.removeUnused()
    try await waitForRemovals(1)
    #expect(holds(cache, 1) && holds(cache, 2) && !holds(cache, 3))

    screen.cancel()
    await screen.value
    call.resolve("saved")
    _ = try await edit.value
    clock.advance(by: .seconds(300))  // both were in use at 300 and are not any more
    try await waitForRemovals(3)
    #expect(cache.count == 0)
  }

  // U1: the removal task runs only while the cache holds a value.
  @Test func noTaskRunsForACacheWithoutValues() async throws {
    let cache = makeCache()
    #expect(cache.state.withLock { $0.unused.task } == nil)
    cache.set("a", for: 1)
    let task = try #require(cache.state.withLock { $0.unused.task })
    try await clock.waitForSleepers(1)
    cache.remove(1)
    clock.advance(by: .seconds(300))
    await task.value
    #expect(clock.sleeperCount == 0)
    #expect(cache.state.withLock { $0.unused.task } == nil)

    let keeping = Cache<Int, String>(policy: CachePolicy(), clock: clock)
    keeping.set("a", for: 1)
    #expect(keeping.state.withLock { $0.unused.task } == nil, "a policy that keeps unused values runs nothing")
    clock.advance(by: .seconds(86_400))
    keeping.removeUnused()
    #expect(keeping.count == 1)
  }

  @Test func aReleasedCacheEndsItsTask() async throws {
    var cache: Cache<Int, String>? = makeCache()
    cache?.set("a", for: 1)
    let task = try #require(cache?.state.withLock { $0.unused.task })
    try await clock.waitForSleepers(1)
    cache = nil
    await task.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func theInitializersOfThePolicyStayApart() {
    #expect(CachePolicy().removesUnusedAfter == nil)
    #expect(CachePolicy(freshFor: .seconds(5), pollEvery: .seconds(30)).removesUnusedAfter == nil)
    let policy = CachePolicy(removesUnusedAfter: .seconds(5))
    #expect(policy.removesUnusedAfter == .seconds(5) && policy.pollEvery == nil && policy.freshFor == .seconds(60))
  }
}

/// U1 with a file: the removal reaches it, and values unused while the app was closed go at start.
@Suite(.timeLimit(.minutes(3)))
struct CacheUnusedPersistenceTests {
  let folder: TemporaryFolder
  let wall = WallClock()
  let policy = CachePolicy(freshFor: .seconds(3600), removesUnusedAfter: .seconds(300))

  init() throws { folder = try TemporaryFolder() }

  private func open(clock: TestClock = TestClock()) async -> Cache<Int, String> {
    await Cache.open(
      persistingIn: folder.file("cache.json"), version: 1, policy: policy, clock: clock, wallClock: wall.read)
  }

  @Test func aRemovalReachesTheFile() async throws {
    let clock = TestClock()
    let cache = await open(clock: clock)
    cache.set("a", for: 1)
    try await cache.flush()
    #expect(await open().cachedValue(for: 1) == "a")

    clock.advance(by: .seconds(300))
    cache.removeUnused()
    #expect(cache.count == 0)
    try await cache.flush()
    #expect(await open().count == 0)
  }

  /// The file's idle times run on the wall clock between saves, so both clocks move together
  /// here as they do in an app; with a save between the two sets, key 1's idle time comes from
  /// the first record, carried to the restart.
  @Test(arguments: [false, true])
  func valuesUnusedWhileTheAppWasClosedGoAtStart(savedBetween: Bool) async throws {
    let clock = TestClock()
    let cache = await open(clock: clock)
    cache.set("old", for: 1)
    if savedBetween { try await cache.flush() }
    clock.advance(by: .seconds(150))
    wall.advance(by: 150)
    cache.set("recent", for: 2)  // saved with key 1 unused for 150 s
    try await cache.flush()

    wall.advance(by: 200)
    let restartClock = TestClock()
    let restarted = await open(clock: restartClock)
    #expect(restarted.count == 1 && restarted.state.withLock { $0.entries[2] != nil })
    try await restarted.flush()
    #expect(await open().count == 1, "the file drops it too")

    restartClock.advance(by: .seconds(100))  // key 2: 200 s closed + 100 s now
    restarted.removeUnused()
    #expect(restarted.count == 0)
  }
}
