import CustodyTesting

/// A `TestClock` that also reports each time someone starts sleeping on it, so a test can wait
/// until the code under test has reached its debounce before it types again.
final class RecordingClock: Clock {
  typealias Instant = TestClock.Instant

  let base = TestClock()
  /// One element each time a sleep starts.
  let sleeps: AsyncStream<Void>
  private let started: AsyncStream<Void>.Continuation

  init() {
    (sleeps, started) = AsyncStream.makeStream(of: Void.self)
  }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    started.yield()
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  func advance(by duration: Duration) { base.advance(by: duration) }
}
