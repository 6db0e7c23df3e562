import Testing

@testable import Custody

/// A caller of an actor-based owner is let go by its own cancellation, where it runs, without
/// waiting for the actor; and is resumed once, whichever of the answer and the cancellation
/// comes first.
@Suite(.timeLimit(.minutes(1)))
struct ReleasableWaiterTests {
  /// An owner whose actor the test keeps from running while a caller is cancelled.
  actor Owner {
    var waiters: [ReleasableWaiter<Int>] = []
    var left = 0

    func join() async throws -> Int {
      try await FlightWaiting.wait(on: self) { waiter in
        waiters.append(waiter)
      } leave: { owner in
        owner.left += 1
      }
    }

    func answerAll(_ value: Int) -> Int {
      waiters.reduce(0) { $0 + ($1.resume(returning: value) ? 1 : 0) }
    }

    var joined: Int { waiters.count }
  }

  /// Lets the owner's actor run; the loops that call it end when the test is cancelled.
  static func yield() async throws {
    try Task.checkCancellation()
    await Task.yield()
  }

  @Test func aCancelledCallerIsReleasedWhereItIsCancelledThenTheOwnerHearsOfIt() async throws {
    let owner = Owner()
    let caller = Task { try await owner.join() }
    while await owner.joined == 0 { try await Self.yield() }
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    while await owner.left == 0 { try await Self.yield() }
    #expect(await owner.answerAll(1) == 0, "an answer after the release resumes nobody")
  }

  @Test func anAnsweredCallerIsNotResumedAgainByALaterCancellation() async throws {
    let owner = Owner()
    let caller = Task { try await owner.join() }
    while await owner.joined == 0 { try await Self.yield() }
    #expect(await owner.answerAll(7) == 1)
    caller.cancel()
    #expect(try await caller.value == 7)
    #expect(await owner.left == 0, "nothing to leave")
  }

  @Test func aCallerCancelledBeforeItJoinsNeverJoins() async throws {
    let owner = Owner()
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await owner.join()
    }
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(await owner.joined == 0)
  }

  @Test func aWaiterCancelledBeforeItHasAContinuationResumesItAtOnce() async throws {
    let waiter = ReleasableWaiter<Int>()
    #expect(!waiter.resume(throwing: CancellationError()), "nothing to resume yet")
    await #expect(throws: CancellationError.self) {
      try await withCheckedThrowingContinuation { continuation in
        #expect(!waiter.attach(continuation))
      }
    }
  }
}
