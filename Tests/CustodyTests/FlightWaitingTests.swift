import Dispatch
import Testing

@testable import Custody

/// An actor-based owner's join runs on its actor: it changes the actor's state.
@Suite(.timeLimit(.minutes(1)))
struct FlightWaitingTests {
  @Test func anActorOwnersJoinRunsOnItsActor() async throws {
    let owner = QueueOwner()
    #expect(try await owner.join() == true)
  }
}

/// An actor whose jobs run on one dispatch queue, so a closure can tell whether it runs on it.
private actor QueueOwner {
  private static let key = DispatchSpecificKey<Bool>()
  private let executor = QueueExecutor(key: key)

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Whether the join closure ran on this actor's queue.
  func join() async throws -> Bool {
    try await FlightWaiting.wait { _ in
      FlightWaiting.Entry(answer: .success(DispatchQueue.getSpecific(key: Self.key) == true))
    } onCancel: {
    }
  }
}

private final class QueueExecutor: SerialExecutor {
  let queue = DispatchQueue(label: "queue owner")

  init(key: DispatchSpecificKey<Bool>) { queue.setSpecific(key: key, value: true) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}
