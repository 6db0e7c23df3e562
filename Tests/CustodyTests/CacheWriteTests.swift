import CustodyTesting
import Testing

@testable import Custody

/// M1–M6: writes through the cache as layers over the server's value.
@Suite(.timeLimit(.minutes(3)))
struct CacheWriteTests {
  let server = ControlledOperation<String, [String]>()
  let fetch = ControlledOperation<Int, [String]>()
  let inspector = TestInspector()
  let cache: Cache<Int, [String]>

  init() {
    cache = Cache(policy: CachePolicy(freshFor: .seconds(60)), clock: TestClock(), inspector: inspector)
    cache.set(["base"], for: 1)
  }

  /// Starts a write to key 1 that appends `edit` at once and answers with what the test resolves.
  private func write(
    _ edit: String
  ) async throws -> (task: Task<[String], any Error>, call: ControlledOperation<String, [String]>.Call) {
    let before = server.callCount
    let task = Task { [cache, server] in
      try await cache.write(1, optimistically: { $0.append(edit) }) { try await server(edit) }
    }
    return (task, try await server.waitForCalls(before + 1)[before])
  }

  // M1
  @Test func anOptimisticChangeShowsAtOnceToEveryReader() async throws {
    var screen = cache.updates(for: 1).makeAsyncIterator()
    #expect(await screen.next() == ["base"])
    let (task, call) = try await write("a")
    #expect(cache.cachedValue(for: 1) == ["base", "a"])
    #expect(try await cache.value(for: 1) { try await fetch(1) } == ["base", "a"], "a fresh hit shows the layer")
    #expect(await screen.next() == ["base", "a"])
    call.resolve(["saved a"])
    #expect(try await task.value == ["saved a"])
    #expect(await screen.next() == ["saved a"])
    #expect(fetch.callCount == 0)
  }

  // M2
  @Test func pendingWritesReplayInTheOrderTheyBegan() async throws {
    _ = try await write("a")
    _ = try await write("b")
    #expect(cache.cachedValue(for: 1) == ["base", "a", "b"])
  }

  // M3: a succeeded write replaces only its own layer with the answer.
  @Test func aWriteThatSucceedsCommitsItsAnswerUnderTheOtherLayers() async throws {
    let (first, a) = try await write("a")
    let (second, b) = try await write("b")
    b.resolve(["base", "b"])
    #expect(try await second.value == ["base", "b", "a"], "the write's caller sees what every reader sees")
    #expect(cache.cachedValue(for: 1) == ["base", "b", "a"])
    a.resolve(["base", "b", "a"])
    #expect(try await first.value == ["base", "b", "a"])
    #expect(cache.cachedValue(for: 1) == ["base", "b", "a"])
  }

  // M4: restoring a snapshot taken when the first write began would lose the second.
  @Test func aFailedWriteRemovesOnlyItsOwnLayerAndRestoresNoSnapshot() async throws {
    let (first, a) = try await write("a")
    let (second, b) = try await write("b")
    b.resolve(["base", "b"])
    _ = try await second.value
    a.fail(UpstreamError(code: 1))
    #expect(await first.ending == .failed(UpstreamError(code: 1)))
    #expect(cache.cachedValue(for: 1) == ["base", "b"], "the second edit stays visible and saved")
  }

  @Test func aFailedWriteKeepsTheWritesStillPending() async throws {
    let (first, a) = try await write("a")
    _ = try await write("b")
    a.fail(UpstreamError(code: 1))
    _ = await first.result
    #expect(cache.cachedValue(for: 1) == ["base", "b"])
  }

  @Test func aCancelledWriteRollsBack() async throws {
    let (task, call) = try await write("a")
    task.cancel()
    _ = await task.result
    #expect(call.isCancelled)
    #expect(cache.cachedValue(for: 1) == ["base"])
  }

  // M5: a refresh that dropped the layers would make the pending edit flicker away.
  @Test func aRefreshThatLandsUnderPendingWritesKeepsThem() async throws {
    let (task, call) = try await write("a")
    let refreshing = Task { [cache, fetch] in try await cache.refresh(1) { try await fetch(1) } }
    try await fetch.waitForCalls(1)[0].resolve(["new"])
    #expect(try await refreshing.value == ["new", "a"], "the refresh's caller sees the pending edit too")
    #expect(cache.cachedValue(for: 1) == ["new", "a"])
    call.fail(UpstreamError(code: 1))
    _ = await task.result
    #expect(cache.cachedValue(for: 1) == ["new"])
  }

  @Test func layersOverAMissingValueShowWhenAValueArrives() async throws {
    let (_, _) = try await write("a")
    cache.invalidate(1)
    #expect(cache.cachedValue(for: 1) == nil)
    let loading = Task { [cache, fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    try await fetch.waitForCalls(1)[0].resolve(["loaded"])
    #expect(try await loading.value == ["loaded", "a"])
  }

  // C5 for writes: an answer wins over a load that started before it.
  @Test func aWriteWinsOverALoadThatStartedBefore() async throws {
    cache.invalidate(1)
    let loading = Task { [cache, fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    let load = try await fetch.waitForCalls(1)[0]
    let (task, call) = try await write("a")
    call.resolve(["saved"])
    _ = try await task.value
    load.resolve(["old"])
    #expect(try await loading.value == ["old"], "its callers still get its value")
    #expect(cache.cachedValue(for: 1) == ["saved"])
  }

  // M6: a write may not be idempotent.
  @Test func writesAreNeverSharedOrRetried() async throws {
    let (first, a) = try await write("a")
    let (second, b) = try await write("a")
    #expect(server.callCount == 2, "two writes of one change are two requests")
    a.fail(UpstreamError(code: 1))
    b.fail(UpstreamError(code: 2))
    #expect(await first.ending == .failed(UpstreamError(code: 1)))
    #expect(await second.ending == .failed(UpstreamError(code: 2)))
    #expect(server.callCount == 2, "a failed write is not sent again")
    #expect(cache.cachedValue(for: 1) == ["base"])
  }

  @Test func evictionKeepsAKeyWithPendingWrites() async throws {
    let cache = Cache<Int, [String]>(policy: CachePolicy(countLimit: 1), clock: TestClock())
    cache.set(["base"], for: 1)
    let writing = Task { [server] in
      try await cache.write(1, optimistically: { $0.append("a") }) { try await server("a") }
    }
    let call = try await server.waitForCalls(1)[0]
    cache.set(["other"], for: 2)
    #expect(cache.cachedValue(for: 1) == ["base", "a"], "the pending edit never goes away")
    #expect(cache.count == 1)
    call.resolve(["saved"])
    _ = try await writing.value
    cache.set(["third"], for: 3)
    #expect(cache.cachedValue(for: 1) == nil, "once committed, the key is evictable again")
  }

  @Test func mergeCombinesTheAnswerWithTheCommittedValue() async throws {
    let saved = try await cache.write(1, optimistically: { $0.append("a") }) {
      "a"
    } merge: { answer, committed in
      (committed ?? []) + ["merged \(answer)"]
    }
    #expect(saved == ["base", "merged a"])
  }

  @Test func inspectorsSeeLayersCommitsAndRollBacks() async throws {
    let (first, a) = try await write("a")
    let (second, b) = try await write("b")
    a.resolve(["a"])
    _ = try await first.value
    b.fail(UpstreamError(code: 1))
    _ = await second.result
    let kinds = inspector.kinds().filter { [.layerAdded, .writeCommitted, .writeRolledBack].contains($0) }
    #expect(kinds == [.layerAdded, .layerAdded, .writeCommitted, .writeRolledBack])
    let descriptions = inspector.events.filter { $0.kind == .writeRolledBack }.map(\.summary)
    #expect(descriptions == ["write #2 rolled back"], "writes count on their own, apart from callers and loads")
    let numbers = inspector.events.filter { $0.kind == .layerAdded }.compactMap(\.flight)
    #expect(numbers == [1, 2])
  }
}
