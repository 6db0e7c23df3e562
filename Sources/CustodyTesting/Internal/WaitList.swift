import Custody

/// The waits pending on a state kept in a `LockedState`: each ends when its condition holds, or
/// with a ``TestWaitError`` when its task is cancelled.
///
/// A state that tests wait on conforms to ``WaitingState`` and keeps one list. After every change
/// that can satisfy a wait it calls ``WaitingState/takeSatisfiedWaits()`` under the lock and
/// resumes what it returns after releasing it. A wait leaves the list exactly once, under the
/// lock: satisfied, or cancelled by its task; whoever removes it resumes it.
package struct WaitList<State>: Sendable {
  fileprivate struct Wait: Sendable {
    let id: UInt64
    let condition: @Sendable (State) -> Bool
    let failure: @Sendable (State) -> TestWaitError
    /// False for a wait on this list's own count, which it leaves out.
    let isCounted: Bool
    let continuation: WaitContinuation
  }

  fileprivate var waits: [Wait] = []
  fileprivate var lastID: UInt64 = 0

  /// An empty list.
  package init() {}

  /// The waits pending, those on this count left out.
  package var count: Int { waits.count { $0.isCounted } }
}

private typealias WaitContinuation = CheckedContinuation<Result<Void, TestWaitError>, Never>

/// A state that tests wait on.
package protocol WaitingState: Sendable {
  /// The waits pending on this state.
  var waits: WaitList<Self> { get set }
}

/// Waits that ended, to resume after the lock is released.
package struct EndedWaits: Sendable {
  fileprivate var ended: [(WaitContinuation, Result<Void, TestWaitError>)] = []

  /// No wait ended.
  package init() {}

  fileprivate init(_ continuation: WaitContinuation, _ result: Result<Void, TestWaitError>) {
    ended = [(continuation, result)]
  }

  /// Resumes every wait that ended. Call it with no lock held.
  package func resume() {
    for (continuation, result) in ended { continuation.resume(returning: result) }
  }
}

extension WaitingState {
  /// Removes the waits whose condition now holds and returns them, to resume after the lock is
  /// released.
  package mutating func takeSatisfiedWaits() -> EndedWaits {
    var ended = EndedWaits()
    var pending: [WaitList<Self>.Wait] = []
    for wait in waits.waits {
      if wait.condition(self) { ended.ended.append((wait.continuation, .success(()))) } else { pending.append(wait) }
    }
    waits.waits = pending
    return ended
  }
}

extension LockedState where State: WaitingState {
  /// Suspends until `condition` holds for the state; returns at once if it already does.
  ///
  /// - Parameters:
  ///   - awaited: What the wait is for, in words, for the error: "2 calls of the operation".
  ///   - condition: Read under the lock, each time the state takes its satisfied waits.
  ///   - seen: What the state shows instead, in words, for the error: "1".
  /// - Throws: ``TestWaitError`` when the task is cancelled (before the wait or during it) and
  ///   the condition does not hold.
  package func wait(
    for awaited: String, until condition: @escaping @Sendable (State) -> Bool,
    seen: @escaping @Sendable (State) -> String
  ) async throws(TestWaitError) {
    try await wait(isCounted: true, until: condition) { TestWaitError(awaited: awaited, seen: seen($0)) }
  }

  /// Suspends until `count` other waits are pending, so a test can cancel a wait it knows has
  /// started.
  package func waitForWaits(_ count: Int, on subject: String) async throws(TestWaitError) {
    try await wait(isCounted: false, until: { $0.waits.count >= count }) { state in
      TestWaitError(awaited: "\(quantity(count, "wait")) on \(subject)", seen: "\(state.waits.count)")
    }
  }

  private func wait(
    isCounted: Bool, until condition: @escaping @Sendable (State) -> Bool,
    failure: @escaping @Sendable (State) -> TestWaitError
  ) async throws(TestWaitError) {
    let id = withLock { state in
      state.waits.lastID += 1
      return state.waits.lastID
    }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: WaitContinuation) in
        let ended = withLock { state -> EndedWaits in
          if condition(state) { return EndedWaits(continuation, .success(())) }
          // A cancellation that came before this point found nothing to remove; it set the
          // flag before its handler ran, so it is seen here.
          if Task.isCancelled { return EndedWaits(continuation, .failure(failure(state))) }
          let wait = WaitList<State>.Wait(
            id: id, condition: condition, failure: failure, isCounted: isCounted, continuation: continuation)
          state.waits.waits.append(wait)
          // A wait for the count of waits may be satisfied now.
          return isCounted ? state.takeSatisfiedWaits() : EndedWaits()
        }
        ended.resume()
      }
    } onCancel: {
      let ended = withLock { state -> EndedWaits in
        guard let index = state.waits.waits.firstIndex(where: { $0.id == id }) else { return EndedWaits() }
        let wait = state.waits.waits.remove(at: index)
        return EndedWaits(wait.continuation, .failure(wait.failure(state)))
      }
      ended.resume()
    }
    try result.get()
  }
}

/// "1 call", "2 calls": a count with its noun.
package func quantity(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
