import Observation

/// Suspends until `condition` holds, re-checking it each time an observable property it reads
/// changes. Event-driven: no polling and no sleeping; the suite's time limit catches a hang.
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
  while !condition() {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      withObservationTracking {
        _ = condition()
      } onChange: {
        continuation.resume()
      }
    }
  }
}
