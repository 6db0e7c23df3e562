import CustodyTesting
import Testing

@testable import Custody

/// C8: every committed change reaches every watching screen; streams end cleanly.
@Suite(.timeLimit(.minutes(1)))
struct CacheUpdatesTests {
  let fetch = ControlledOperation<Int, String>()
  let cache = Cache<Int, String>(policy: CachePolicy(countLimit: 2), clock: TestClock())

  @Test func everyCommittedChangeReachesEveryObserver() async throws {
    let screens = [cache.updates(for: 1), cache.updates(for: 1)]
    cache.set("set", for: 1)
    let loaded = Task { [cache, fetch] in try await cache.refresh(1) { try await fetch(1) } }
    try await fetch.waitForCalls(1)[0].resolve("refreshed")
    _ = try await loaded.value
    cache.invalidate(1)
    cache.set("again", for: 1)
    cache.set("x", for: 2)
    cache.set("y", for: 3)  // evicts 1
    cache.removeAll()

    for screen in screens {
      let seen = await Array(screen.prefix(6))
      #expect(seen == [nil, "set", "refreshed", nil, "again", nil])
    }
  }

  @Test func aStreamEndsWhenItsConsumerIsCancelledAndLeavesNothingBehind() async throws {
    let stream = cache.updates(for: 1)
    let consumer = Task {
      var seen: [String?] = []
      for await value in stream { seen.append(value) }
      return seen
    }
    #expect(cache.subscriberCount == 1)
    consumer.cancel()
    _ = await consumer.value
    #expect(cache.subscriberCount == 0)
  }

  @Test func streamsFinishWhenTheCacheIsReleased() async {
    var cache: Cache<Int, String>? = Cache(clock: TestClock())
    let stream = cache!.updates(for: 1)
    cache = nil
    let seen = await Array(stream)
    #expect(seen == [nil])
  }
}

extension Array {
  init<S: AsyncSequence>(_ sequence: S) async where S.Element == Element, S.Failure == Never {
    var elements: [Element] = []
    for await element in sequence { elements.append(element) }
    self = elements
  }
}
