import CustodyTesting
import Testing

/// The operation's waits end when their task is cancelled, saying what they waited for and what
/// they saw.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct ControlledOperationWaitTests {
  let operation = ControlledOperation<String, Int>()

  @Test func aWaitForCallsThatNeverCameThrowsWhenCancelled() async throws {
    let caller = Task { [operation] in try await operation("a") }
    try await operation.waitForCalls(1)
    let error = try await cancelWhilePending { [operation] () async throws(TestWaitError) in
      try await operation.waitForCalls(2)
    } once: {
      try await operation.waitForPendingWaits(1)
    }
    #expect(error.message.contains("waiting for 2 calls of the operation; saw 1."), "\(error.message)")
    operation.calls[0].resolve(1)
    #expect(try await caller.value == 1)
  }

  @Test func aWaitForPendingCallsThrowsWhenCancelledBeforeItStarts() async throws {
    let error = await waitCancelledFirst { [operation] () async throws(TestWaitError) in
      try await operation.waitForPending(2)
    }
    #expect(error.message.contains("waiting for 2 pending calls of the operation; saw 0."), "\(error.message)")
  }

  @Test func aWaitForACancellationThatNeverCameThrowsWhenCancelled() async throws {
    let caller = Task { [operation] in try await operation("a") }
    let call = try await operation.waitForCalls(1)[0]
    let error = try await cancelWhilePending { () async throws(TestWaitError) in
      try await call.waitForCancellation()
    } once: {
      try await operation.waitForPendingWaits(1)
    }
    #expect(
      error.message.contains(
        "waiting for the cancellation of call 0 of the operation; saw call 0 pending and not cancelled."),
      "\(error.message)")
    call.resolve(1)
    #expect(try await caller.value == 1)
  }

  @Test func aWaitAlreadySatisfiedReturnsEvenInACancelledTask() async throws {
    let caller = Task { [operation] in try await operation("a") }
    try await operation.waitForCalls(1)
    let error = await waitCancelledFirst { [operation] () async throws(TestWaitError) in
      try await operation.waitForCalls(1)
      try await operation.waitForPending(1)
    }
    #expect(error == nil, "the call it waits for is there")
    operation.calls[0].resolve(1)
    _ = try await caller.value
  }

  @Test func aCallArrivingWhileTheWaitIsCancelledEndsItOnce() async throws {
    for iteration in 0..<300 {
      let operation = ControlledOperation<Int, Int>()
      let waiting = startWait { () async throws(TestWaitError) in try await operation.waitForCalls(1) }
      try await operation.waitForPendingWaits(1)
      let error = await raceCancellation(of: waiting, cancelFirst: iteration.isMultiple(of: 2)) {
        Task { try await operation(1) }
      }
      if let error { #expect(error.awaited == "1 call of the operation") }
      #expect(try await operation.waitForCalls(1)[0].resolve(1))
    }
  }
}
