import CustodyTesting
import Testing

/// The clock's wait for sleepers ends when its task is cancelled, saying what it waited for and
/// what it saw.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct TestClockWaitTests {
  let clock = TestClock()

  @Test func aWaitForSleepersThatNeverCameThrowsWhenCancelled() async throws {
    let error = try await cancelWhilePending { [clock] () async throws(TestWaitError) in
      try await clock.waitForSleepers(2)
    } once: {
      try await clock.waitForPendingWaits(1)
    }
    #expect(error.message.contains("waiting for 2 sleepers on the test clock; saw 0."), "\(error.message)")
  }

  @Test func aWaitForSleepersThrowsWhenCancelledBeforeItStarts() async throws {
    let sleeper = Task { [clock] in try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers(1)
    let error = await waitCancelledFirst { [clock] () async throws(TestWaitError) in try await clock.waitForSleepers(2)
    }
    #expect(error.message.contains("waiting for 2 sleepers on the test clock; saw 1."), "\(error.message)")
    clock.advance(by: .seconds(1))
    try await sleeper.value
  }

  @Test func aWaitAlreadySatisfiedReturnsEvenInACancelledTask() async throws {
    let sleeper = Task { [clock] in try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers(1)
    let error = await waitCancelledFirst { [clock] () async throws(TestWaitError) in try await clock.waitForSleepers(1)
    }
    #expect(error == nil, "a task sleeps already")
    clock.advance(by: .seconds(1))
    try await sleeper.value
  }

  @Test func aSleeperArrivingWhileTheWaitIsCancelledEndsItOnce() async throws {
    for iteration in 0..<300 {
      let clock = TestClock()
      let waiting = startWait { () async throws(TestWaitError) in try await clock.waitForSleepers(1) }
      try await clock.waitForPendingWaits(1)
      let error = await raceCancellation(of: waiting, cancelFirst: iteration.isMultiple(of: 2)) {
        Task { try await clock.sleep(for: .seconds(1)) }
      }
      if let error { #expect(error.awaited == "1 sleeper on the test clock") }
      try await clock.waitForSleepers(1)
      clock.advance(by: .seconds(1))
    }
  }
}
