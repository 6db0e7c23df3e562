import CustodyTesting
import Foundation
import Testing

@testable import Custody

/// K1–K6: a cache that keeps its values across launches in a file.
@Suite(.timeLimit(.minutes(3)))
struct CachePersistenceTests {
  let folder: TemporaryFolder
  let wall = WallClock()
  let policy = CachePolicy(freshFor: .seconds(60), staleFor: .seconds(600))

  init() throws { folder = try TemporaryFolder() }

  var url: URL { folder.file("cache.json") }

  /// The cache of the file, as an app opens it at start.
  private func open(
    version: Int = 1, persistedLimit: Int? = nil, clock: TestClock = TestClock(), inspector: TestInspector? = nil
  ) async -> Cache<Int, String> {
    await Cache.open(
      persistingIn: url, version: version, policy: policy, persistedLimit: persistedLimit, clock: clock,
      wallClock: wall.read, inspector: inspector)
  }

  // K1: the saved age plus the time the app was closed, so a value fresh when saved is stale now.
  // The wall clock moves with the cache's clock, as in an app: with a save between the two sets,
  // key 1's age comes from the first record, carried to the second on the wall clock.
  @Test(arguments: [false, true])
  func aValueKeepsItsAgeAcrossARestart(savedBetween: Bool) async throws {
    let clock = TestClock()
    let first = await open(clock: clock)
    first.set("saved", for: 1)
    if savedBetween { try await first.flush() }
    clock.advance(by: .seconds(40))
    wall.advance(by: 40)
    first.set("later", for: 2)  // saved after the 40 s, with key 1 then 40 s old
    try await first.flush()
    #expect(first.cachedEntry(for: 1)?.freshness == .fresh)

    wall.advance(by: 30)
    let inspector = TestInspector()
    let restarted = await open(inspector: inspector)
    #expect(restarted.cachedEntry(for: 1) == CachedEntry(value: "saved", age: .seconds(70), freshness: .stale))
    #expect(restarted.cachedEntry(for: 2) == CachedEntry(value: "later", age: .seconds(30), freshness: .fresh))
    // C2 applies: the stale value is returned at once and revalidated.
    let fetch = ControlledOperation<Int, String>()
    #expect(try await restarted.value(for: 1) { try await fetch(1) } == "saved")
    try await fetch.waitForCalls(1)[0].resolve("revalidated")
    try await inspector.waitForEvent("the revalidation's commit") { $0.kind == .committed }
    try await restarted.flush()
    #expect(await open().cachedValue(for: 1) == "revalidated")
  }

  // A persisted cache made with its loader: the last run's stale value shows at once and the
  // loader revalidates it, with no closure passed per call.
  @Test func aPersistedCacheOpensWithItsLoader() async throws {
    let first = await open()
    first.set("saved", for: 1)
    try await first.flush()
    wall.advance(by: 120)
    let fetch = ControlledOperation<Int, String>()
    let inspector = TestInspector()
    let restarted = await Cache<Int, String>.open(
      persistingIn: url, version: 1, policy: policy, clock: TestClock(), wallClock: wall.read, inspector: inspector
    ) { [fetch] key in try await fetch(key) }
    #expect(restarted.hasLoader)
    #expect(try await restarted.value(for: 1) == "saved", "stale: shown at once")
    let call = try await fetch.waitForCalls(1)[0]
    #expect(call.input == 1)
    call.resolve("revalidated")
    try await inspector.waitForEvent("the revalidation's commit") { $0.kind == .committed }
    #expect(restarted.cachedValue(for: 1) == "revalidated")
  }

  // K1: a clock set back does not make a value younger than it was when saved.
  @Test(arguments: [false, true])
  func aClockSetBackKeepsTheSavedAge(savedBetween: Bool) async throws {
    let clock = TestClock()
    let first = await open(clock: clock)
    first.set("saved", for: 1)
    if savedBetween { try await first.flush() }
    clock.advance(by: .seconds(40))
    wall.advance(by: 40)
    first.set("later", for: 2)
    try await first.flush()

    wall.advance(by: -3600)
    let restarted = await open()
    #expect(restarted.cachedEntry(for: 1)?.age == .seconds(40))
    #expect(restarted.cachedEntry(for: 2)?.age == .zero)
  }

  // K1: an expired value stays for a screen to show offline; a read waits for a load.
  @Test func anExpiredValueIsKeptAndLoadedAgainOnRead() async throws {
    let first = await open()
    first.set("old", for: 1)
    try await first.flush()

    wall.advance(by: 3600)
    let restarted = await open()
    #expect(restarted.cachedEntry(for: 1)?.freshness == .expired)
    #expect(restarted.cachedValue(for: 1) == "old")
    #expect(try await restarted.value(for: 1) { "loaded" } == "loaded")
  }

  // K2: a pending edit is never saved; the server's value under it is, a refresh's included.
  @Test func layeredValuesAreNeverPersisted() async throws {
    let cache = await open()
    cache.set("server", for: 1)
    let request = ControlledOperation<Int, String>()
    let edit = Task { try await cache.mutate(1, optimistically: { $0 += " + edit" }) { _ in try await request(1) } }
    let firstValue = Task { try await cache.mutate(2, optimistically: { $0 += "!" }) { _ in try await request(2) } }
    let calls = try await request.waitForCalls(2)
    cache.set("refreshed", for: 1)  // M5: a new base under the layer
    #expect(cache.cachedValue(for: 1) == "refreshed + edit")
    try await cache.flush()

    let whilePending = await open()
    #expect(whilePending.cachedValue(for: 1) == "refreshed", "the server's value, without the layer")
    #expect(whilePending.cachedValue(for: 2) == nil, "a write waiting for a first value saves nothing")

    calls.first { $0.input == 1 }?.resolve("answer")
    calls.first { $0.input == 2 }?.fail(UpstreamError(code: 1))
    #expect(try await edit.value.shown == "answer")
    _ = await firstValue.result
    try await cache.flush()
    let afterwards = await open()
    #expect(afterwards.cachedValue(for: 1) == "answer")
    #expect(afterwards.cachedValue(for: 2) == nil)
  }

  // K3: flush waits for what was committed and removed before it.
  @Test func flushMakesANewCacheSeeCommitsAndRemovals() async throws {
    let cache = await open()
    cache.set("a", for: 1)
    cache.set("b", for: 2)
    cache.set("c", for: 3)
    try await cache.flush()
    let first = await open()
    #expect([1, 2, 3].map { first.cachedValue(for: $0) } == ["a", "b", "c"])

    cache.remove(1)
    cache.remove { $0 == 2 }
    try await cache.flush()
    let second = await open()
    #expect(second.count == 1 && second.cachedValue(for: 3) == "c")

    cache.removeAll()
    try await cache.flush()
    #expect(await open().count == 0)
  }

  // K3: a cache that is not persisted has nothing to flush and no problem.
  @Test func aCacheThatIsNotPersistedFlushesAtOnce() async throws {
    let cache = Cache<Int, String>()
    cache.set("a", for: 1)
    try await cache.flush()
    #expect(cache.loadProblem == nil)
    #expect(folder.contents.isEmpty)
  }

  // K4: the most recently used values are kept, a read counting as a use.
  @Test func theLimitKeepsTheMostRecentlyUsed() async throws {
    let cache = await open(persistedLimit: 3)
    for key in 1...5 { cache.set("v\(key)", for: key) }
    #expect(cache.cachedValue(for: 1) == "v1")  // now the most recently used but one
    cache.set("v6", for: 6)
    try await cache.flush()
    #expect(cache.count == 6, "the limit is the file's, not the cache's")

    let restarted = await open()
    #expect(restarted.count == 3)
    #expect([1, 5, 6].allSatisfy { restarted.cachedValue(for: $0) != nil })
  }

  // K5: another schema version drops the file's values without decoding them, says why, and
  // rewrites the file.
  @Test func aSchemaChangeDropsTheOldValuesAndSaysSo() async throws {
    let old = await open(version: 1)
    old.set("a string", for: 1)
    try await old.flush()

    let inspector = TestInspector()
    let new = await Cache<Int, Settings>.open(
      persistingIn: url, version: 2, clock: TestClock(), wallClock: wall.read, name: "settings", inspector: inspector)
    #expect(new.count == 0)
    guard case .schemaChanged(let file, found: 1, expected: 2) = new.loadProblem else {
      Issue.record("expected a schema change, got \(String(describing: new.loadProblem))")
      return
    }
    #expect(file == url)
    #expect(FailureCategory(new.loadProblem!) == .storage)
    // The file is being rewritten for version 2 behind the cache, so its temporary file may be
    // there too; nothing is set aside.
    #expect(folder.contents.contains("cache.json"))
    #expect(!folder.contents.contains { $0.contains("corrupt") }, "not moved aside as corrupt: \(folder.contents)")
    #expect(inspector.shapes(of: "settings") == ["hydrated 0 (schema changed)"])

    try await new.flush()  // the file was rewritten for version 2
    let again = await Cache<Int, Settings>.open(persistingIn: url, version: 2, wallClock: wall.read)
    #expect(again.loadProblem == nil)
    #expect(await open(version: 1).loadProblem != nil, "the old values are gone")
  }

  // K6: a corrupt file is moved aside and reported; the cache starts empty and works.
  @Test func aCorruptFileIsMovedAsideAndTheCacheWorks() async throws {
    try folder.write(#"{"version":1,"savedAt":0,"entries":[{"key":1,"val"#, to: "cache.json")
    let inspector = TestInspector()
    let cache = await open(inspector: inspector)
    guard case .file(.corrupt(_, let movedTo?, _)) = cache.loadProblem else {
      Issue.record("expected a corrupt file, got \(String(describing: cache.loadProblem))")
      return
    }
    #expect(movedTo.lastPathComponent.hasPrefix("cache.json.corrupt-"))
    #expect(folder.text(of: movedTo.lastPathComponent)?.hasPrefix(#"{"version":1"#) == true)
    #expect(cache.count == 0)
    #expect(inspector.events.contains { $0.kind == .hydrated && $0.reason == .corrupt && $0.items == 0 })

    cache.set("after", for: 1)
    try await cache.flush()
    let restarted = await open()
    #expect(restarted.loadProblem == nil)
    #expect(restarted.cachedValue(for: 1) == "after")
  }

  // K6: values of the right version that do not decode are a corrupt file, not a schema change.
  @Test func valuesThatDoNotDecodeAreACorruptFile() async throws {
    try folder.write(#"{"version":1,"savedAt":0,"entries":[{"key":1,"value":7,"age":0,"idle":0}]}"#, to: "cache.json")
    let cache = await open()
    guard case .file(.corrupt) = cache.loadProblem else {
      Issue.record("expected a corrupt file, got \(String(describing: cache.loadProblem))")
      return
    }
    #expect(cache.count == 0)
  }

  @Test func theInspectorSeesHowManyValuesWereHydrated() async throws {
    let first = await open()
    for key in 1...4 { first.set("v\(key)", for: key) }
    try await first.flush()
    let inspector = TestInspector()
    _ = await Cache<Int, String>.open(
      persistingIn: url, version: 1, wallClock: wall.read, name: "products", inspector: inspector)
    let hydrated = inspector.recording.events(of: "products").filter { $0.kind == .hydrated }
    #expect(hydrated.map(\.items) == [4])
    #expect(hydrated.first?.size == OwnerEvent.CacheSize(entries: 4, cost: 4))
    #expect(hydrated.first?.reason == nil)
  }

  // K4: the policy's count limit applies to the file's values when the cache opens.
  @Test func theCountLimitAppliesToTheFilesValues() async throws {
    let first = await open()
    for key in 1...5 { first.set("v\(key)", for: key) }
    try await first.flush()
    let small = await Cache<Int, String>.open(
      persistingIn: url, version: 1, policy: CachePolicy(countLimit: 2), wallClock: wall.read)
    #expect(small.count == 2)
    #expect(small.cachedValue(for: 4) == "v4" && small.cachedValue(for: 5) == "v5")
  }
}
