import CustodyTesting
import Testing

@testable import Custody

/// M1–M8: writes through the cache as layers over the server's value.
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
      try await cache.deprecated.write(1, optimistically: { $0.append(edit) }, revalidating: []) {
        try await server(edit)
      }
    }
    return (task, try await server.waitForCalls(before + 1)[before])
  }

  // M1
  @Test func anOptimisticChangeShowsAtOnceToEveryReader() async throws {
    var screen = cache.watch(1).makeAsyncIterator()
    var changes = cache.updates().makeAsyncIterator()
    #expect(await screen.next()?.value == ["base"])
    let (task, call) = try await write("a")
    #expect(cache.cachedValue(for: 1) == ["base", "a"])
    #expect(try await cache.value(for: 1) { try await fetch(1) } == ["base", "a"], "a fresh hit shows the layer")
    #expect(await screen.next()?.value == ["base", "a"])
    #expect(
      await changes.next()
        == CacheChange(key: 1, entry: CachedEntry(value: ["base", "a"], age: .zero, freshness: .fresh), cause: .write))
    call.resolve(["saved a"])
    #expect(try await task.value == ["saved a"])
    #expect(await screen.next()?.value == ["saved a"])
    #expect(await changes.next()?.value == ["saved a"])
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
    cache.remove(1)
    #expect(cache.cachedValue(for: 1) == nil)
    let loading = Task { [cache, fetch] in try await cache.value(for: 1) { try await fetch(1) } }
    try await fetch.waitForCalls(1)[0].resolve(["loaded"])
    #expect(try await loading.value == ["loaded", "a"])
  }

  // C5 for writes: an answer wins over a load that started before it.
  @Test func aWriteWinsOverALoadThatStartedBefore() async throws {
    cache.remove(1)
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
      try await cache.deprecated.write(1, optimistically: { $0.append("a") }, revalidating: []) {
        try await server("a")
      }
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

  // M3: what the caller needs comes back, without reading the cache in `merge` or `operation`.
  @Test func aSettledWriteReturnsWhatTheServerSavedAndWhatShows() async throws {
    let (first, _) = try await write("a")
    let second = Task { [cache, server] in
      try await cache.mutate(1, optimistically: { $0.append("b") }) { shown in
        #expect(shown == ["base", "a", "b"], "the operation gets the edit as readers see it")
        return try await server("b")
      } merge: { answer, committed in
        (committed ?? []) + answer
      }
    }
    try await server.waitForCalls(2)[1].resolve(["saved b"])
    let mutation = try await second.value
    #expect(mutation == CacheMutation(saved: ["base", "saved b"], shown: ["base", "saved b", "a"]))
    first.cancel()
  }

  // M4: a caller cancelled before it writes sends nothing, so it shows nothing, even briefly.
  @Test(arguments: [false, true])
  func aWriteFromACancelledTaskNeverShowsItsChange(settling: Bool) async throws {
    var changes = cache.updates().makeAsyncIterator()
    let writing = Task { [cache, server] in
      withUnsafeCurrentTask { $0?.cancel() }
      if settling {
        _ = try await cache.mutate(1, optimistically: { $0.append("a") }) { _ in try await server("a") }
      } else {
        try await cache.deprecated.write(1, optimistically: { $0.append("a") }, revalidating: []) {
          try await server("a")
        }
      }
      return 0
    }
    #expect(await writing.ending == .cancelled)
    cache.set(["after"], for: 1)
    #expect(await changes.next()?.value == ["after"], "no change was shown before")
    #expect(server.callCount == 0)
    #expect(!inspector.kinds().contains(.layerAdded))
  }

  // M8: `merge` runs outside the lock, so it may read the cache; a load that commits while it
  // runs makes it run again over the new value.
  @Test func mergeRunsOutsideTheLockAndAgainOverAValueCommittedMeanwhile() async throws {
    var merges = 0
    let mutation = try await cache.mutate(1, optimistically: { $0.append("a") }) { _ in
      "answer"
    } merge: { [cache] answer, committed in
      merges += 1
      if merges == 1 { cache.set(["loaded meanwhile"], for: 1) }
      return (committed ?? []) + [answer]
    }
    #expect(mutation.saved == ["loaded meanwhile", "answer"])
    #expect(merges == 2)
    #expect(cache.cachedValue(for: 1) == ["loaded meanwhile", "answer"])
  }

  // M7: the keys a write names revalidate when it settles, after a failure too, unless the
  // write says success only.
  @Test func aFailedWriteRevalidatesWhatItNamesUnlessToldSuccessOnly() async throws {
    let searches = Cache<Int, String>(policy: CachePolicy(freshFor: .seconds(60)), clock: TestClock())
    searches.set("list", for: 7)
    _ = try? await cache.mutate(1, revalidating: [searches.revalidation(of: 7)], after: .success) { _ in
      throw UpstreamError(code: 1)
    }
    #expect(searches.cachedEntry(for: 7)?.freshness == .fresh, "success only: nothing to revalidate")
    _ = try? await cache.mutate(1, revalidating: [searches.revalidation(of: 7)]) { _ in
      throw UpstreamError(code: 2)  // timed out, say, after the server applied it
    }
    #expect(searches.cachedEntry(for: 7)?.freshness != .fresh, "settled: the list loads again")
  }

  @Test func mergeCombinesTheAnswerWithTheCommittedValue() async throws {
    let saved = try await cache.deprecated.write(1, optimistically: { $0.append("a") }, revalidating: []) {
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
