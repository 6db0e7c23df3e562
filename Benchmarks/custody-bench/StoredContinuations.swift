import Custody

/// The floor of coalescing: callers store a continuation in one array behind one lock, the
/// first caller starts the operation, and its answer resumes every continuation from one loop
/// after the lock is released. No waiter identity, no cancellation, no per-key table: what any
/// coalescer that resumes each caller itself must at least do.
///
/// Resumed in arrival order, or in a random one: the order a dictionary of waiters hands them
/// back in. Resuming thousands of tasks in an order unrelated to where they sit in memory
/// costs far more than the resumptions themselves.
///
/// With `cancellable`, each caller waits inside a cancellation handler that does nothing: the
/// least a coalescer that lets a cancelled caller go at once (rule S2) must add, since only a
/// handler registered on the caller's task hears of its cancellation.
final class StoredContinuations: Sendable {
  private struct State {
    var started = false
    var outcome: Swift.Result<Int, any Error>?
    var waiters: [CheckedContinuation<Int, any Error>] = []
  }

  private let state = LockedState(State())
  private let shuffles: Bool
  private let cancellable: Bool

  init(shuffles: Bool = false, cancellable: Bool = false) {
    self.shuffles = shuffles
    self.cancellable = cancellable
  }

  func value(_ operation: @escaping @Sendable () async throws -> Int) async throws -> Int {
    guard cancellable else { return try await stored(operation) }
    return try await withTaskCancellationHandler {
      try await stored(operation)
    } onCancel: {
    }
  }

  private func stored(_ operation: @escaping @Sendable () async throws -> Int) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      let (outcome, start) = state.withLock { state -> (Swift.Result<Int, any Error>?, Bool) in
        if let outcome = state.outcome { return (outcome, false) }
        state.waiters.append(continuation)
        defer { state.started = true }
        return (nil, !state.started)
      }
      if let outcome { return continuation.resume(with: outcome) }
      guard start else { return }
      Task {
        let outcome: Swift.Result<Int, any Error>
        do { outcome = .success(try await operation()) } catch { outcome = .failure(error) }
        let waiters = state.withLock { state in
          state.outcome = outcome
          defer { state.waiters = [] }
          return state.waiters
        }
        let order = shuffles ? waiters.shuffled() : waiters
        for waiter in order { waiter.resume(with: outcome) }
      }
    }
  }
}
