import CustodyTesting
import Testing

@testable import Custody

/// A screen that stops watching a key while values are committed must never freeze the cache.
///
/// A stream's termination handler runs while the runtime holds the consumer task's lock, and a
/// commit yields to the stream under the cache's lock, which needs that task lock to resume the
/// consumer. A handler that took the cache's lock deadlocked against such a commit.
///
/// A CPU-bound stress loop: it has three minutes, as the other stress suites, and stops at the
/// next round once its time limit cancels it.
@Suite(.timeLimit(.minutes(3)))
struct CacheStreamCancellationTests {
  @Test func cancellingWatchersWhileCommittingNeverDeadlocks() async {
    let cache = Cache<Int, Int>(clock: TestClock())
    for round in 0..<300 where !Task.isCancelled {
      let watchers = (0..<4).map { _ in
        let stream = cache.deprecated.updates(for: 1)
        return Task {
          for await _ in stream {}
        }
      }
      let committing = Task {
        for value in 0..<40 { cache.set(round * 100 + value, for: 1) }
      }
      for watcher in watchers { watcher.cancel() }
      await committing.value
      for watcher in watchers { await watcher.value }
    }
    #expect(cache.subscriberCount == 0)
    #expect(cache.cachedValue(for: 1) == 299 * 100 + 39)
  }

  @Test func cancellingWatchesAndChangeStreamsWhileCommittingNeverDeadlocks() async {
    let cache = Cache<Int, Int>(clock: TestClock())
    for round in 0..<300 where !Task.isCancelled {
      let entries = (0..<2).map { _ in cache.watch(1) }
      let changes = (0..<2).map { _ in cache.updates() }
      let watchers =
        entries.map { stream in Task { for await _ in stream {} } }
        + changes.map { stream in Task { for await _ in stream {} } }
      let committing = Task {
        for value in 0..<40 { cache.set(round * 100 + value, for: 1) }
      }
      for watcher in watchers { watcher.cancel() }
      await committing.value
      for watcher in watchers { await watcher.value }
    }
    #expect(cache.subscriberCount == 0)
    #expect(cache.cachedValue(for: 1) == 299 * 100 + 39)
  }
}
