import Custody

/// A fake async function whose calls wait until the test answers them.
///
/// Stand it in for a network call or any other upstream work, then decide in the test when
/// and in which order each call completes:
///
/// ```swift
/// let fetch = ControlledOperation<Int, String>()
/// let flight = SingleFlight<Int, String>()
/// async let a = flight.run(1) { try await fetch(1) }
/// async let b = flight.run(1) { try await fetch(1) }
/// let calls = try await fetch.waitForCalls(1)
/// calls[0].resolve("one")
/// #expect(try await [a, b] == ["one", "one"])
/// #expect(fetch.callCount == 1)
/// ```
///
/// A call whose task is cancelled is marked cancelled and, by default, throws
/// `CancellationError` at once, as a well-behaved network call does. With
/// ``CancellationBehavior/ignore`` it keeps waiting for the test, which models upstream work
/// that does not check for cancellation.
///
/// Its waits end when their task is cancelled, by throwing a ``TestWaitError`` that says what
/// they waited for and what they saw, so a test that hits its `.timeLimit` fails instead of
/// hanging the run.
public final class ControlledOperation<Input: Sendable, Output: Sendable>: Sendable {
  /// What a pending call does when its task is cancelled.
  public enum CancellationBehavior: Sendable {
    /// Throw `CancellationError` at once.
    case throwCancellationError
    /// Record the cancellation and keep waiting for the test to answer.
    case ignore
  }

  /// One call of the operation, in arrival order.
  public struct Call: Sendable {
    /// Zero-based arrival index.
    public let index: Int
    /// What the caller passed.
    public let input: Input
    fileprivate let operation: ControlledOperation

    /// Completes the call with `value`. Returns `false` if it had already completed.
    @discardableResult public func resolve(_ value: Output) -> Bool {
      operation.complete(index, with: .success(value))
    }

    /// Completes the call by throwing `error`. Returns `false` if it had already completed.
    @discardableResult public func fail(_ error: any Error) -> Bool {
      operation.complete(index, with: .failure(error))
    }

    /// Whether the caller's task was cancelled while the call was pending.
    public var isCancelled: Bool { operation.state.withLock { $0.records[index].cancelled } }

    /// Whether the call is still waiting for an answer.
    public var isPending: Bool { operation.state.withLock { !$0.records[index].completed } }

    /// Suspends until the caller's task has been cancelled.
    ///
    /// - Throws: ``TestWaitError`` when the task that waits is cancelled (for example by a
    ///   `.timeLimit`) first; it says whether the call was still pending.
    public func waitForCancellation() async throws(TestWaitError) {
      try await operation.state.wait(for: "the cancellation of call \(index) of the operation") { state in
        state.records[index].cancelled
      } seen: { state in
        "call \(index) \(state.records[index].completed ? "answered" : "pending") and not cancelled"
      }
    }
  }

  private struct Record {
    let input: Input
    var continuation: CheckedContinuation<Output, any Error>?
    /// An answer given before the caller had suspended; delivered when it does.
    var early: Result<Output, any Error>?
    var suspended = false
    var completed = false
    var cancelled = false
  }

  private struct State: WaitingState {
    var records: [Record] = []
    var waits = WaitList<State>()

    /// The number of calls still waiting for an answer, early ones left out.
    var suspendedUnanswered: Int { records.count { $0.continuation != nil } }
  }

  private let state = LockedState(State())
  private let cancellationBehavior: CancellationBehavior

  /// Creates an operation with no calls yet.
  public init(onCancel cancellationBehavior: CancellationBehavior = .throwCancellationError) {
    self.cancellationBehavior = cancellationBehavior
  }

  /// Calls the operation: suspends until the test resolves or fails this call.
  public func callAsFunction(_ input: Input) async throws -> Output {
    let index = state.withLock { state -> Int in
      state.records.append(Record(input: input))
      return state.records.count - 1
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
        let (early, ended) = state.withLock { state in
          state.records[index].suspended = true
          let early = state.records[index].early
          if early == nil { state.records[index].continuation = continuation }
          state.records[index].early = nil
          return (early, state.takeSatisfiedWaits())
        }
        ended.resume()
        if let early { continuation.resume(with: early) }
      }
    } onCancel: {
      let ended = state.withLock { state in
        state.records[index].cancelled = true
        return state.takeSatisfiedWaits()
      }
      ended.resume()
      if cancellationBehavior == .throwCancellationError {
        _ = complete(index, with: .failure(CancellationError()))
      }
    }
  }

  /// The number of calls that have arrived so far.
  public var callCount: Int { state.withLock { $0.records.count } }

  /// The number of calls still waiting for an answer.
  public var pendingCount: Int { state.withLock { $0.records.count { !$0.completed } } }

  /// Every call that has arrived, in arrival order.
  public var calls: [Call] {
    state.withLock { state in
      state.records.indices.map { Call(index: $0, input: state.records[$0].input, operation: self) }
    }
  }

  /// Suspends until at least `count` calls have arrived and are waiting, then returns all calls
  /// so far in arrival order.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it says how many calls had arrived.
  @discardableResult
  public func waitForCalls(_ count: Int) async throws(TestWaitError) -> [Call] {
    try await state.wait(for: "\(quantity(count, "call")) of the operation") { state in
      state.records.count >= count && state.records.prefix(count).allSatisfy(\.suspended)
    } seen: { state in
      let arriving = state.records.prefix(count).count { !$0.suspended }
      return "\(state.records.count)" + (arriving == 0 ? "" : " (\(arriving) not yet waiting)")
    }
    return calls
  }

  /// Suspends until `count` calls are suspended and unanswered at the same time.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it says how many calls were pending.
  public func waitForPending(_ count: Int) async throws(TestWaitError) {
    try await state.wait(for: "\(quantity(count, "pending call")) of the operation") { state in
      state.suspendedUnanswered >= count
    } seen: { state in
      "\(state.suspendedUnanswered)"
    }
  }

  /// Suspends until `count` waits are pending on this operation, so a test of the waits can
  /// cancel one it knows has started.
  package func waitForPendingWaits(_ count: Int) async throws(TestWaitError) {
    try await state.waitForWaits(count, on: "the operation")
  }

  fileprivate func complete(_ index: Int, with result: Result<Output, any Error>) -> Bool {
    let (accepted, continuation, ended) = state.withLock {
      state -> (Bool, CheckedContinuation<Output, any Error>?, EndedWaits) in
      guard !state.records[index].completed else { return (false, nil, EndedWaits()) }
      state.records[index].completed = true
      let continuation = state.records[index].continuation
      state.records[index].continuation = nil
      if continuation == nil { state.records[index].early = result }
      return (true, continuation, state.takeSatisfiedWaits())
    }
    continuation?.resume(with: result)
    ended.resume()
    return accepted
  }
}

extension ControlledOperation where Input == Void {
  /// Calls an operation that takes no input.
  public func callAsFunction() async throws -> Output { try await self(()) }
}
