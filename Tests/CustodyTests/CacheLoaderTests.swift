import CustodyTesting
import Testing

@testable import Custody

/// A cache made with its loader: reading, refreshing and prefetching name the key alone, with
/// the rules of the forms that take a closure.
@Suite(.timeLimit(.minutes(1)))
struct CacheLoaderTests {
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()
  let cache: Cache<Int, String>
  let inspector = TestInspector()

  init() {
    cache = Cache(policy: CachePolicy(freshFor: .seconds(10)), clock: clock, inspector: inspector) { [fetch] key in
      try await fetch(key)
    }
  }

  @Test func concurrentReadersOfAKeyShareOneLoadOfTheLoader() async throws {
    let readers = (0..<3).map { _ in Task { [cache] in try await cache.value(for: 4) } }
    try await inspector.waitForWaiters(3, on: 4)
    let calls = try await fetch.waitForCalls(1)
    #expect(calls[0].input == 4, "the loader gets the key read")
    calls[0].resolve("four")
    for reader in readers { #expect(try await reader.value == "four") }
    #expect(fetch.callCount == 1)
    #expect(try await cache.value(for: 4) == "four", "fresh: no second load")
    #expect(fetch.callCount == 1)
  }

  @Test func refreshLoadsAgainWhateverIsCached() async throws {
    cache.set("old", for: 1)
    let refreshing = Task { [cache] in try await cache.refresh(1) }
    try await fetch.waitForCalls(1)[0].resolve("new")
    #expect(try await refreshing.value == "new")
    #expect(cache.cachedValue(for: 1) == "new")
  }

  @Test func prefetchLoadsAKeyAheadOfNeedOnce() async throws {
    cache.prefetch(2)
    cache.prefetch(2)
    let call = try await fetch.waitForCalls(1)[0]
    #expect(call.input == 2)
    let reader = Task { [cache] in try await cache.value(for: 2) }
    try await inspector.waitForWaiters(1, on: 2)
    call.resolve("two")
    #expect(try await reader.value == "two", "a reader joins the prefetch")
    #expect(fetch.callCount == 1)
  }

  @Test func aClosurePassedForOneCallWinsOverTheLoader() async throws {
    #expect(try await cache.value(for: 3) { "given" } == "given")
    #expect(fetch.callCount == 0)
    #expect(cache.hasLoader)
    #expect(!Cache<Int, String>().hasLoader)
  }
}
