import CustodyTesting
import Testing

@testable import Custody

/// C8 as 1.0 stated it, for the deprecated `updates(for:)`: every committed change reaches every
/// watching screen; streams end cleanly. `CacheWatchTests` states it for `watch(_:)`.
@Suite(.timeLimit(.minutes(1)))
struct CacheUpdatesTests {
  let fetch = ControlledOperation<Int, String>()
  let cache = Cache<Int, String>(policy: CachePolicy(countLimit: 2), clock: TestClock())

  @Test func everyCommittedChangeReachesEveryObserverThatKeepsUp() async throws {
    let (cache, fetch) = (self.cache, self.fetch)
    let changes: [@Sendable () async throws -> Void] = [
      {},
      { cache.set("set", for: 1) },
      {
        let loaded = Task { try await cache.refresh(1) { try await fetch(1) } }
        try await fetch.waitForCalls(1)[0].resolve("refreshed")
        _ = try await loaded.value
      },
      { cache.remove(1) },
      { cache.set("again", for: 1) },
      {
        cache.set("x", for: 2)
        cache.set("y", for: 3)  // evicts 1
      },
      {
        cache.trim(toCost: 0)  // 1 is gone already: nothing to send
        cache.set("last", for: 1)
      },
    ]
    var screens = [
      cache.deprecated.updates(for: 1).makeAsyncIterator(), cache.deprecated.updates(for: 1).makeAsyncIterator(),
    ]
    var seen: [[String?]] = [[], []]
    for change in changes {
      try await change()
      for index in screens.indices { seen[index].append(await screens[index].next() ?? "ended") }
    }
    for screen in seen { #expect(screen == [nil, "set", "refreshed", nil, "again", nil, "last"]) }
  }

  /// A screen that is not reading (scrolled away, suspended elsewhere) must not pile up every
  /// value committed meanwhile: it finds the newest when it reads again.
  @Test func aConsumerThatFallsBehindGetsOnlyTheNewestValue() async {
    var screen = cache.deprecated.updates(for: 1).makeAsyncIterator()
    for value in 0..<1000 { cache.set("\(value)", for: 1) }
    #expect(await screen.next() == "999")
    cache.remove(1)
    cache.set("after", for: 1)
    #expect(await screen.next() == "after", "no backlog of older values comes after the newest")
    #expect(cache.subscriberCount == 1)
  }

  @Test func aStreamEndsWhenItsConsumerIsCancelledAndLeavesNothingBehind() async throws {
    let stream = cache.deprecated.updates(for: 1)
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
    let stream = cache!.deprecated.updates(for: 1)
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
