import Custody
import CustodyTesting
import Observation

/// Suspends until `condition` holds, re-checking it each time an observable property it reads
/// changes. Event-driven: no polling and no sleeping.
///
/// - Parameter awaited: What the condition means, in words, for the error.
/// - Throws: `TestWaitError` when the task is cancelled (a time limit) before the condition
///   holds, naming `awaited`.
@MainActor
func waitUntil(_ awaited: String, _ condition: @escaping @MainActor () -> Bool) async throws(TestWaitError) {
  let changes = LockedState(ObservedChanges())
  while true {
    let seen = changes.withLock { $0.count }
    let holds = withObservationTracking {
      condition()
    } onChange: {
      let ended = changes.withLock { changes in
        changes.count += 1
        return changes.takeSatisfiedWaits()
      }
      ended.resume()
    }
    if holds { return }
    try await changes.wait(for: awaited) {
      $0.count > seen
    } seen: { changes in
      "the condition false after \(quantity(changes.count, "change")) of what it reads"
    }
  }
}

/// How many times what a condition reads has changed.
private struct ObservedChanges: WaitingState {
  var count = 0
  var waits = WaitList<ObservedChanges>()
}
