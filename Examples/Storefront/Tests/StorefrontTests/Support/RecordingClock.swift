import Custody
import CustodyTesting

/// A `TestClock` that also counts each time someone starts sleeping on it, so a test can wait
/// until the code under test has reached its debounce before it types again.
final class RecordingClock: Clock {
  typealias Instant = TestClock.Instant

  private struct Started: WaitingState {
    var count = 0
    var waits = WaitList<Started>()
  }

  let base = TestClock()
  private let started = LockedState(Started())

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let ended = started.withLock { started in
      started.count += 1
      return started.takeSatisfiedWaits()
    }
    ended.resume()
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  func advance(by duration: Duration) { base.advance(by: duration) }

  /// Suspends until `count` sleeps have started since the clock was made; throws
  /// `TestWaitError` when the task is cancelled first.
  func waitForSleeps(_ count: Int) async throws(TestWaitError) {
    try await started.wait(for: "\(quantity(count, "sleep")) started on the recording clock") { started in
      started.count >= count
    } seen: { started in
      "\(started.count)"
    }
  }
}
