import CustodyTesting
import Testing

@testable import Custody

/// C2 and C7: a synchronous read of a value with its age and freshness.
@Suite struct CachedEntryTests {
  let clock = TestClock()
  let cache: Cache<Int, String>

  init() {
    cache = Cache(policy: CachePolicy(freshFor: .seconds(10), staleFor: .seconds(20), countLimit: 2), clock: clock)
  }

  @Test func anEntryAgesOnTheCachesClockFromFreshToStaleToExpired() {
    cache.set("v", for: 1)
    clock.advance(by: .seconds(4))
    #expect(cache.cachedEntry(for: 1) == CachedEntry(value: "v", age: .seconds(4), freshness: .fresh))
    clock.advance(by: .seconds(6))
    #expect(cache.cachedEntry(for: 1) == CachedEntry(value: "v", age: .seconds(10), freshness: .stale))
    clock.advance(by: .seconds(20))
    #expect(cache.cachedEntry(for: 1) == CachedEntry(value: "v", age: .seconds(30), freshness: .expired))
    cache.set("w", for: 1)
    #expect(cache.cachedEntry(for: 1)?.age == .zero, "a new value starts young")
  }

  @Test @MainActor func anEntryIsReadSynchronouslyOnTheMainActor() {
    cache.set("shown", for: 1)
    let entry: CachedEntry<String>? = cache.cachedEntry(for: 1)
    #expect(entry?.value == "shown")
    #expect(cache.cachedEntry(for: 2) == nil)
  }

  /// As `cachedValue(for:)`: a screen that shows a value is using it.
  @Test func readingAnEntryCountsAsAUse() {
    cache.set("one", for: 1)
    cache.set("two", for: 2)
    _ = cache.cachedEntry(for: 1)
    cache.set("three", for: 3)
    #expect(cache.cachedValue(for: 1) == "one")
    #expect(cache.cachedValue(for: 2) == nil)
  }
}
