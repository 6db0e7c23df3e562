import CustodyTesting
import Testing

@testable import Custody

/// C6: bounded by count and by cost, least recently used first.
@Suite struct CacheEvictionTests {
  @Test func evictsTheLeastRecentlyUsedPastTheCountLimit() {
    let cache = Cache<Int, String>(policy: CachePolicy(countLimit: 2), clock: TestClock())
    cache.set("one", for: 1)
    cache.set("two", for: 2)
    _ = cache.cachedValue(for: 1)  // 2 is now the least recently used
    cache.set("three", for: 3)
    #expect(cache.cachedValue(for: 2) == nil)
    #expect(cache.cachedValue(for: 1) == "one")
    #expect(cache.cachedValue(for: 3) == "three")
    #expect(cache.count == 2)
  }

  @Test func evictsByCostUntilUnderTheLimit() {
    let cache = Cache<Int, String>(policy: CachePolicy(costLimit: 10), clock: TestClock()) { $0.count }
    cache.set("aaaa", for: 1)
    cache.set("bbbb", for: 2)
    cache.set("cccccc", for: 3)
    #expect(cache.totalCost == 10)
    #expect(cache.cachedValue(for: 1) == nil)
    #expect(cache.cachedValue(for: 2) == "bbbb")

    cache.set("dddddddddddd", for: 4)  // alone over the limit: not kept
    #expect(cache.cachedValue(for: 4) == nil)
    #expect(cache.totalCost <= 10)
  }

  @Test func replacingAValueUpdatesItsCost() {
    let cache = Cache<Int, String>(policy: CachePolicy(costLimit: 10), clock: TestClock()) { $0.count }
    cache.set("aaaaaaaa", for: 1)
    cache.set("bb", for: 1)
    cache.set("cccccccc", for: 2)
    #expect(cache.totalCost == 10)
    #expect(cache.cachedValue(for: 1) == "bb")
  }

  @Test func memoryStaysBoundedWhenAMillionKeysPassThrough() {
    let cache = Cache<Int, Int>(policy: CachePolicy(countLimit: 1000), clock: TestClock())
    for key in 0..<1_000_000 { cache.set(key, for: key) }
    #expect(cache.count == 1000)
    #expect(cache.cachedValue(for: 999_999) == 999_999)
    #expect(cache.cachedValue(for: 998_999) == nil)
  }
}
