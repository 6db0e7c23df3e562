import CustodyTesting
import Testing

private struct Failure: Error, Equatable {}

@Suite(.timeLimit(.minutes(1)))
struct ControlledOperationTests {
  let operation = ControlledOperation<String, Int>()

  @Test func callsWaitUntilTheTestAnswersThemInAnyOrder() async throws {
    let first = Task { try await operation("a") }
    let calls = try await operation.waitForCalls(1)
    let second = Task { try await operation("b") }
    let both = try await operation.waitForCalls(2)
    #expect(both.map(\.input) == ["a", "b"])
    #expect(calls[0].isPending)

    both[1].resolve(2)
    #expect(try await second.value == 2)
    both[0].fail(Failure())
    await #expect(throws: Failure.self) { try await first.value }
    #expect(operation.pendingCount == 0)
  }

  @Test func answeringTwiceIsRejected() async throws {
    let caller = Task { try await operation("a") }
    let call = try await operation.waitForCalls(1)[0]
    #expect(call.resolve(1))
    #expect(!call.resolve(2))
    #expect(try await caller.value == 1)
  }

  @Test func cancelledCallerThrowsAtOnceAndIsMarked() async throws {
    let caller = Task { try await operation("a") }
    let call = try await operation.waitForCalls(1)[0]
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(call.isCancelled)
    #expect(!call.resolve(1))
  }

  @Test func ignoringCancellationKeepsTheCallWaiting() async throws {
    let stubborn = ControlledOperation<Void, Int>(onCancel: .ignore)
    let caller = Task { try await stubborn() }
    let call = try await stubborn.waitForCalls(1)[0]
    caller.cancel()
    try await call.waitForCancellation()
    #expect(call.isPending)
    call.resolve(7)
    #expect(try await caller.value == 7)
  }

  @Test func waitForPendingCountsCallsSuspendedAtOnce() async throws {
    let callers = (0..<3).map { index in Task { try await operation("\(index)") } }
    try await operation.waitForPending(3)
    #expect(operation.callCount == 3)
    for call in operation.calls { call.resolve(call.index) }
    for caller in callers { _ = try await caller.value }
  }
}
