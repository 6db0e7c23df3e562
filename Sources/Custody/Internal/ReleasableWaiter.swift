/// A caller waiting on an actor-based owner, which its own cancellation releases at once.
///
/// An actor's state can only be changed on the actor, so a cancellation handler that asked it
/// to let a caller go would hop there first, and the caller would wait for the actor's queue.
/// The continuation sits behind a lock instead: the handler resumes it where it runs, with
/// `CancellationError`, and the actor's bookkeeping (taking the caller out of the flight,
/// cancelling the work when it was the last) follows. Whichever resumes first wins; the other
/// finds nothing to resume, so a caller answered and cancelled at once is resumed once. An
/// answer that comes before the caller handed its continuation (an owner that answers at once,
/// or a cancellation before the caller joined) is kept until it does.
final class ReleasableWaiter<Value: Sendable>: Sendable {
  private enum Slot {
    /// Not yet handed its continuation, nor answered.
    case empty
    /// Answered before it was handed its continuation: `attach` resumes with this at once.
    case answered(Result<Value, any Error>)
    case waiting(CheckedContinuation<Value, any Error>)
    /// Resumed.
    case done
  }

  private struct State {
    var slot = Slot.empty
    /// The identifier the owner keeps the caller under, once it joined the work.
    var ticket: UInt64?
  }

  private let state = LockedState(State())

  /// Keeps `continuation` to resume later. When the caller was answered (or cancelled) before,
  /// resumes it at once and returns `false`.
  @discardableResult
  func attach(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
    let early = state.withLock { state -> Result<Value, any Error>? in
      switch state.slot {
      case .empty:
        state.slot = .waiting(continuation)
        return nil
      case .answered(let result):
        state.slot = .done
        return result
      case .waiting, .done:
        return .failure(CancellationError())  // a continuation is attached once; never reached
      }
    }
    guard let early else { return true }
    continuation.resume(with: early)
    return false
  }

  /// Resumes the caller with `result`, or keeps it for ``attach(_:)``, unless it was answered
  /// before.
  ///
  /// - Returns: Whether this call answered it.
  @discardableResult
  func resume(with result: Result<Value, any Error>) -> Bool {
    answer(with: result).answered
  }

  @discardableResult
  func resume(returning value: Value) -> Bool { resume(with: .success(value)) }

  @discardableResult
  func resume(throwing error: any Error) -> Bool { resume(with: .failure(error)) }

  /// Ends the caller's wait with `CancellationError`, unless it was answered before.
  ///
  /// - Returns: The identifier the owner keeps the caller under, when this call released a
  ///   caller that had joined: the owner must take it out of the work.
  func cancel() -> UInt64? {
    let (answered, ticket) = answer(with: .failure(CancellationError()))
    return answered ? ticket : nil
  }

  /// Records that the owner keeps the caller under `ticket`.
  ///
  /// - Returns: `false` when the caller was released before: the owner must take it out of the
  ///   work, since ``cancel()`` found no identifier to hand over.
  func joined(as ticket: UInt64) -> Bool {
    state.withLock { state in
      state.ticket = ticket
      switch state.slot {
      case .empty, .waiting: return true
      case .answered, .done: return false
      }
    }
  }

  /// Whether the caller has its answer (its cancellation included), resumed or not.
  var isAnswered: Bool {
    state.withLock { state in
      switch state.slot {
      case .empty, .waiting: return false
      case .answered, .done: return true
      }
    }
  }

  /// Resumes the caller with `result`, or keeps it for ``attach(_:)``, unless it was answered
  /// before; says whether this call answered it, with the caller's identifier at the owner.
  private func answer(with result: Result<Value, any Error>) -> (answered: Bool, ticket: UInt64?) {
    let (ticket, continuation, answered) = state.withLock {
      state -> (UInt64?, CheckedContinuation<Value, any Error>?, Bool) in
      switch state.slot {
      case .empty:
        state.slot = .answered(result)
        return (state.ticket, nil, true)
      case .waiting(let continuation):
        state.slot = .done
        return (state.ticket, continuation, true)
      case .answered, .done:
        return (nil, nil, false)
      }
    }
    continuation?.resume(with: result)  // after the lock: resuming may run the caller
    return (answered, ticket)
  }
}

extension FlightExit {
  /// Cancels abandoned work and ends the caller's wait with `CancellationError`, if its
  /// cancellation handler has not already.
  func resume<Value>() where Waiter == ReleasableWaiter<Value> {
    cancel?.cancel()
    waiter?.resume(throwing: CancellationError())
  }
}

/// Hands the callers of an actor-based owner to it in the order they come, without putting the
/// callers themselves in the actor's queue.
///
/// A caller that hopped to the actor to join its work would wait in the actor's queue, and a
/// cancellation that came before its turn could not release it until its turn came. Instead the
/// caller leaves its waiter here, under a lock, and suspends at once; a task of the queue's
/// joins the waiters on the actor, in the order they came. A caller cancelled before its turn is
/// released where it is cancelled, as one that joined is, and the owner skips it. A caller
/// whose priority is above every drain scheduled schedules one at its own priority, so it never
/// waits behind lower-priority work to be joined.
final class JoinQueue<Owner: Actor, Value: Sendable>: Sendable {
  /// Joins a caller on the owner's actor: keeps it with the work and returns the identifier it
  /// keeps it under, or answers it at once and returns nil.
  typealias Join = @Sendable (isolated Owner, ReleasableWaiter<Value>) -> UInt64?
  /// Takes the caller with this identifier out of the work, after its cancellation released it.
  typealias Leave = @Sendable (isolated Owner, UInt64) -> Void

  private struct Arrival {
    var waiter: ReleasableWaiter<Value>
    var join: Join
    var leave: Leave
  }

  private struct State {
    var arrivals: [Arrival] = []
    /// The highest priority of the drains scheduled that have not ended; nil when none is.
    var draining: TaskPriority?
  }

  private let state = LockedState(State())

  /// The callers that came and wait for their turn to join.
  var arrivalCount: Int { state.withLock { $0.arrivals.count } }

  /// Waits for `owner` to answer, as `join` decides on its actor. The caller waits where it
  /// runs: an answer or its cancellation resumes it there, without a hop to the owner.
  func wait(on owner: Owner, join: @escaping Join, leave: @escaping Leave) async throws -> Value {
    let waiter = ReleasableWaiter<Value>()
    return try await withTaskCancellationHandler(
      operation: {
        try await withCheckedThrowingContinuation { continuation in
          guard waiter.attach(continuation) else { return }  // cancelled before it came
          arrive(Arrival(waiter: waiter, join: join, leave: leave), at: owner)
        }
      },
      onCancel: {
        // Released here, where the cancellation runs; the owner hears of it after, when the
        // caller had joined (else the drain that joins it finds it released).
        guard let ticket = waiter.cancel() else { return }
        Task { await leave(owner, ticket) }
      })
  }

  private func arrive(_ arrival: Arrival, at owner: Owner) {
    let priority = Task.currentPriority
    let schedule = state.withLock { state -> Bool in
      state.arrivals.append(arrival)
      if let draining = state.draining, draining >= priority { return false }
      state.draining = priority
      return true
    }
    if schedule { Task(priority: priority) { await Self.drain(owner, self) } }
  }

  /// Joins every caller that came, in order, until none is left.
  private static func drain(_ owner: isolated Owner, _ queue: JoinQueue) {
    while let arrivals = queue.takeArrivals() {
      for arrival in arrivals where !arrival.waiter.isAnswered {  // one released before joins nothing
        // One released while it joined is taken out here; one released later, by its own
        // `leave`, which runs on this actor after this drain.
        if let ticket = arrival.join(owner, arrival.waiter), !arrival.waiter.joined(as: ticket) {
          arrival.leave(owner, ticket)
        }
      }
    }
  }

  /// The callers that came since the last call, or nil (and no drain running) when none did.
  private func takeArrivals() -> [Arrival]? {
    state.withLock { state in
      guard !state.arrivals.isEmpty else {
        state.draining = nil
        return nil
      }
      defer { state.arrivals = [] }
      return state.arrivals
    }
  }

}
