import CustodyTesting
import Testing

@testable import Custody

/// C3 and C5: a load that started before an invalidation or a `set` never commits over it.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct CacheInvalidationTests {
  let fetch = ControlledOperation<Int, String>()
  let inspector = TestInspector()
  let cache: Cache<Int, String>

  init() { cache = Cache(clock: TestClock(), inspector: inspector) }

  private func value(_ key: Int) -> Task<String, any Error> {
    Task { [cache, fetch] in try await cache.value(for: key) { try await fetch(key) } }
  }

  @Test func loadThatStartedBeforeInvalidateNeverCommits() async throws {
    let loading = value(1)
    let load = try await fetch.waitForCalls(1)[0]
    cache.remove(1)
    load.resolve("stale")
    #expect(try await loading.value == "stale", "callers that joined still get its value")
    #expect(cache.cachedValue(for: 1) == nil)
  }

  @Test func callAfterInvalidateNeverJoinsTheEarlierLoad() async throws {
    let early = value(1)
    let old = try await fetch.waitForCalls(1)[0]
    cache.remove(1)
    let late = value(1)
    let new = try await fetch.waitForCalls(2)[1]
    old.resolve("before")
    new.resolve("after")
    #expect(try await early.value == "before")
    #expect(try await late.value == "after")
    #expect(cache.cachedValue(for: 1) == "after")
  }

  @Test func loadThatStartedBeforeRemoveAllNeverCommits() async throws {
    cache.set("other", for: 2)
    let loading = value(1)
    let load = try await fetch.waitForCalls(1)[0]
    cache.removeAll()
    load.resolve("stale")
    #expect(try await loading.value == "stale")
    #expect(cache.count == 0)
  }

  @Test func invalidatingWhereRemovesTheKeysItAcceptsAndTheirLoads() async throws {
    for key in [2, 3, 4] { cache.set("value \(key)", for: key) }
    let loading = value(11)
    let load = try await fetch.waitForCalls(1)[0]
    var asked: Set<Int> = []
    cache.remove { key in
      asked.insert(key)
      return key.isMultiple(of: 2) || key > 10
    }
    #expect(asked == [2, 3, 4, 11], "every key with a value or a load, once")
    load.resolve("stale")
    #expect(try await loading.value == "stale", "callers that joined still get its value")
    #expect(cache.cachedValue(for: 11) == nil, "a load the predicate accepted never commits")
    #expect(cache.cachedValue(for: 2) == nil)
    #expect(cache.cachedValue(for: 4) == nil)
    #expect(cache.cachedValue(for: 3) == "value 3")
  }

  // C3 and C5 under every order of: answer the early load, invalidate, set, a late read.
  @Test func invalidateAndSetWinInEveryOrder() async throws {
    let explored = try await InterleavingExplorer(steps: 4).explore { order in
      let fetch = ControlledOperation<Int, String>()
      let inspector = TestInspector()
      let cache = Cache<Int, String>(clock: TestClock(), inspector: inspector)
      let early = Task { try await cache.value(for: 1) { try await fetch(1) } }
      let load = try await fetch.waitForCalls(1)[0]

      var model: String? = nil  // what the cache should hold, per the rules
      var loadStillCommits = true
      var late: Task<String, any Error>?
      for step in order {
        switch step {
        case 0:
          load.resolve("loaded")
          try #require(await early.ending == .value("loaded"))
          if loadStillCommits { model = "loaded" }
          loadStillCommits = false
        case 1:
          cache.remove(1)
          model = nil
          loadStillCommits = false
        case 2:
          cache.set("saved", for: 1)
          model = "saved"
          loadStillCommits = false
        default:
          if model != nil {
            try #require(try await cache.value(for: 1) { try await fetch(1) } == model)
          } else {
            let task = Task { try await cache.value(for: 1) { try await fetch(1) } }
            late = task
            try await inspector.waitForWaiters(loadStillCommits ? 2 : 1, on: 1)
          }
        }
        try #require(cache.cachedValue(for: 1) == model, "after step \(step)")
      }
      if let late {
        if fetch.callCount > 1 { try await fetch.waitForCalls(2)[1].resolve("late") }
        let ending = await late.ending
        try #require(ending == .value("loaded") || ending == .value("late"))
      }
      try await inspector.waitUntilIdle()
    }
    #expect(explored == 24)
  }
}
