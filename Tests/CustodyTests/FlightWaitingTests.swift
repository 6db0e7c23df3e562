import Dispatch
import Testing

@testable import Custody

/// The waiter engine runs an owner's join where the owner's state is safe to change.
@Suite(.timeLimit(.minutes(1)))
struct FlightWaitingTests {
  /// An executor that runs its jobs on a queue it can recognise.
  final class QueueExecutor: SerialExecutor {
    static let key = DispatchSpecificKey<QueueExecutor>()
    let queue = DispatchQueue(label: "FlightWaitingTests.owner")

    init() { queue.setSpecific(key: Self.key, value: self) }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    /// Whether the calling code runs as one of this executor's jobs.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) === self }
  }

  /// An owner on its own executor that records where its join ran.
  actor Owner {
    nonisolated let executor = QueueExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func join() async throws -> Bool {
      try await FlightWaiting.wait { (_: CheckedContinuation<Bool, any Error>) in
        FlightWaiting.Entry(answer: .success(executor.isCurrent))
      } onCancel: {
      }
    }
  }

  // Owners that are actors (Pager, TokenStore) change their state in the join: run anywhere
  // else, concurrent callers race on it.
  @Test func theJoinRunsOnTheOwnersActor() async throws {
    let owner = Owner()
    #expect(!owner.executor.isCurrent, "the test itself runs elsewhere")
    #expect(try await owner.join())
  }
}
