import TestSupport
import Testing

/// The waits test helpers are built on: they end with what they wait for, and otherwise fail
/// promptly and say why, so a test never hangs on one.
@Suite(.timeLimit(.minutes(1)))
struct AwaitableStateTests {
  @Test func aWaitEndsWithTheFirstValueThatMeetsItsCondition() async throws {
    let count = AwaitableState(0)
    let looked = AwaitableState(0)
    async let seen = count.wait(for: "a count of three", timeout: .seconds(600)) { value in
      looked.update { $0 += 1 }
      return value >= 3
    }
    try await looked.wait(for: "the waiter to look once") { $0 >= 1 }
    for _ in 0..<3 { count.update { $0 += 1 } }
    #expect(try await seen == 3)
  }

  @Test func cancellingTheWaitingTaskEndsTheWaitAtOnce() async throws {
    let state = AwaitableState("nothing yet")
    let looked = AwaitableState(0)
    let waiting = Task {
      try await state.wait(for: "the word done", timeout: .seconds(600)) { value in
        looked.update { $0 += 1 }
        return value == "done"
      }
    }
    try await looked.wait(for: "the waiter to look once") { $0 >= 1 }
    waiting.cancel()
    let failure = await #expect(throws: WaitFailure<String>.self) { try await waiting.value }
    #expect(failure?.reason == .cancelled)
    #expect(failure?.description.contains("the word done") == true, "it names what it waited for")
    #expect(failure?.last == "nothing yet", "and what it saw")
  }

  @Test func aWaitInATaskCancelledBeforeItStartsEndsAtOnce() async {
    let state = AwaitableState(0)
    let waiting = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await state.wait(for: "one", timeout: .seconds(600)) { $0 == 1 }
    }
    let failure = await #expect(throws: WaitFailure<Int>.self) { try await waiting.value }
    #expect(failure?.reason == .cancelled)
  }

  @Test func aFinalValueThatMissesTheConditionFailsTheWaitAtOnce() async throws {
    let exit = AwaitableState<Int32?>(nil, isFinal: { $0 != nil })
    let looked = AwaitableState(0)
    let waiting = Task {
      try await exit.wait(for: "exit status 0", timeout: .seconds(600)) { value in
        looked.update { $0 += 1 }
        return value == 0
      }
    }
    try await looked.wait(for: "the waiter to look once") { $0 >= 1 }
    exit.update { $0 = 3 }
    let failure = await #expect(throws: WaitFailure<Int32?>.self) { try await waiting.value }
    #expect(failure?.reason == .ended)
    #expect(failure?.last == 3)
  }

  /// The timeout is the net under every wait; this is the one test that lets it fire.
  @Test func aTimeoutFailsTheWaitAndSaysHowLongItWaited() async {
    let state = AwaitableState(0)
    let failure = await #expect(throws: WaitFailure<Int>.self) {
      try await state.wait(for: "one", timeout: .milliseconds(20)) { $0 == 1 }
    }
    #expect(failure?.reason == .timedOut(.milliseconds(20)))
    #expect(failure?.description.contains("within 0.02 seconds") == true, "\(String(describing: failure))")
  }
}
