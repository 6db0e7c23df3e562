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
/// let calls = await fetch.waitForCalls(1)
/// calls[0].resolve("one")
/// #expect(try await [a, b] == ["one", "one"])
/// #expect(fetch.callCount == 1)
/// ```
///
/// A call whose task is cancelled is marked cancelled and, by default, throws
/// `CancellationError` at once, as a well-behaved network call does. With
/// ``CancellationBehavior/ignore`` it keeps waiting for the test, which models upstream work
/// that does not check for cancellation.
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
    public func waitForCancellation() async {
      await operation.wait { $0.records[index].cancelled }
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

  private struct State {
    var records: [Record] = []
    var watchers: [(condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
      var ready: [CheckedContinuation<Void, Never>] = []
      var waiting: [(condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
      for watcher in watchers {
        if watcher.condition(self) { ready.append(watcher.continuation) } else { waiting.append(watcher) }
      }
      watchers = waiting
      return ready
    }
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
        let (early, watchers) = state.withLock { state in
          state.records[index].suspended = true
          let early = state.records[index].early
          if early == nil { state.records[index].continuation = continuation }
          state.records[index].early = nil
          return (early, state.takeSatisfiedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        if let early { continuation.resume(with: early) }
      }
    } onCancel: {
      let watchers = state.withLock { state in
        state.records[index].cancelled = true
        return state.takeSatisfiedWatchers()
      }
      for watcher in watchers { watcher.resume() }
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
  @discardableResult
  public func waitForCalls(_ count: Int) async -> [Call] {
    await wait { state in state.records.count >= count && state.records.prefix(count).allSatisfy(\.suspended) }
    return calls
  }

  /// Suspends until `count` calls are suspended and unanswered at the same time.
  public func waitForPending(_ count: Int) async {
    await wait { state in state.records.count { $0.continuation != nil } >= count }
  }

  private func wait(until condition: @escaping @Sendable (State) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if condition(state) { return true }
        state.watchers.append((condition, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  fileprivate func complete(_ index: Int, with result: Result<Output, any Error>) -> Bool {
    let (accepted, continuation, watchers) = state.withLock {
      state -> (Bool, CheckedContinuation<Output, any Error>?, [CheckedContinuation<Void, Never>]) in
      guard !state.records[index].completed else { return (false, nil, []) }
      state.records[index].completed = true
      let continuation = state.records[index].continuation
      state.records[index].continuation = nil
      if continuation == nil { state.records[index].early = result }
      return (true, continuation, state.takeSatisfiedWatchers())
    }
    continuation?.resume(with: result)
    for watcher in watchers { watcher.resume() }
    return accepted
  }
}

extension ControlledOperation where Input == Void {
  /// Calls an operation that takes no input.
  public func callAsFunction() async throws -> Output { try await self(()) }
}
