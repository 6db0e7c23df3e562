/// A caller waiting on an actor-based owner, which its own cancellation releases at once.
///
/// An actor's state can only be changed on the actor, so a cancellation handler that asked it
/// to let a caller go would hop there first, and the caller would wait for the actor's queue.
/// The continuation sits behind a lock instead: the handler resumes it where it runs, with
/// `CancellationError`, and the actor's bookkeeping (taking the caller out of the flight,
/// cancelling the work when it was the last) follows. Whichever resumes first wins; the other
/// finds nothing to resume, so a caller answered and cancelled at once is resumed once.
final class ReleasableWaiter<Value: Sendable>: Sendable {
  private enum Slot {
    /// Not yet handed its continuation.
    case empty
    case waiting(CheckedContinuation<Value, any Error>)
    /// Resumed, or cancelled before it had a continuation.
    case done
  }

  private let slot = LockedState(Slot.empty)

  /// Keeps `continuation` to resume later. When the caller was cancelled before, resumes it
  /// with `CancellationError` at once and returns `false`: the caller must not join.
  func attach(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
    let attached = slot.withLock { slot -> Bool in
      guard case .empty = slot else { return false }
      slot = .waiting(continuation)
      return true
    }
    if !attached { continuation.resume(throwing: CancellationError()) }
    return attached
  }

  /// Resumes the caller with `result`, unless it was resumed before.
  ///
  /// - Returns: Whether this call resumed it.
  @discardableResult
  func resume(with result: Result<Value, any Error>) -> Bool {
    let continuation = slot.withLock { slot -> CheckedContinuation<Value, any Error>? in
      defer { slot = .done }
      guard case .waiting(let continuation) = slot else { return nil }
      return continuation
    }
    continuation?.resume(with: result)  // after the lock: resuming may run the caller
    return continuation != nil
  }

  @discardableResult
  func resume(returning value: Value) -> Bool { resume(with: .success(value)) }

  @discardableResult
  func resume(throwing error: any Error) -> Bool { resume(with: .failure(error)) }
}

extension FlightExit {
  /// Cancels abandoned work and ends the caller's wait with `CancellationError`, if its
  /// cancellation handler has not already.
  func resume<Value>() where Waiter == ReleasableWaiter<Value> {
    cancel?.cancel()
    waiter?.resume(throwing: CancellationError())
  }
}

extension FlightWaiting {
  /// Waits on an actor-based owner, as ``wait(isolation:join:onCancel:)`` does, with a caller
  /// that its cancellation releases at once (see ``ReleasableWaiter``).
  ///
  /// - Parameters:
  ///   - join: Runs on the owner's actor with the caller, not yet cancelled: it keeps the
  ///     caller with the work or answers it at once.
  ///   - leave: Runs on the owner's actor after a cancelled caller was released, to take it
  ///     out of the work.
  static func wait<Owner: Actor, Value: Sendable>(
    on owner: isolated Owner, join: (ReleasableWaiter<Value>) -> Void,
    leave: @escaping @Sendable (isolated Owner) -> Void
  ) async throws -> Value {
    let waiter = ReleasableWaiter<Value>()
    return try await withTaskCancellationHandler(
      operation: {
        _ = owner  // isolated to the owner (SE-0420): `join` runs on its actor
        return try await withCheckedThrowingContinuation { continuation in
          guard waiter.attach(continuation) else { return }
          guard !Task.isCancelled else {
            waiter.resume(throwing: CancellationError())
            return
          }
          join(waiter)
        }
      },
      onCancel: {
        // Released here, where the cancellation runs; the owner hears of it after.
        guard waiter.resume(throwing: CancellationError()) else { return }
        Task { await leave(owner) }
      })
  }
}
