import Custody
import Dispatch

/// A value that other threads change, and a way for a test to wait until it reaches the state
/// the test expects, without blocking the thread it runs on.
///
/// A thread of its own or a dispatch source calls ``update(_:)``; a test awaits
/// ``wait(for:timeout:until:)``. The condition runs in the waiting task, so it may read anything
/// the test can. A wait ends when the condition holds, when the value is final without it
/// holding, when the timeout passes (a dispatch timer: a safety net, never a way to pass) or
/// when the waiting task is cancelled; the last three throw a ``WaitFailure`` that names what
/// was awaited and the last value seen.
///
/// ```swift
/// let status = AwaitableState<Int32?>(nil, isFinal: { $0 != nil })
/// process.terminationHandler = { process in status.update { $0 = process.terminationStatus } }
/// let code = try await status.wait(for: "the program to exit") { $0 != nil }
/// ```
public final class AwaitableState<Value: Sendable>: Sendable {
  private struct Waiter {
    var continuation: CheckedContinuation<Void, Never>?
    var timedOut = false
    var cancelled = false
  }

  private struct State {
    var value: Value
    /// Counts updates, so a waiter can tell whether the value changed since it last looked.
    var version = 0
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
  }

  private let state: LockedState<State>
  private let isFinal: @Sendable (Value) -> Bool

  /// - Parameters:
  ///   - value: The value before any update.
  ///   - isFinal: Whether a value can change no more (an output that ended, a process that
  ///     exited): a wait whose condition does not hold of it fails at once.
  public init(_ value: Value, isFinal: @escaping @Sendable (Value) -> Bool = { _ in false }) {
    state = LockedState(State(value: value))
    self.isFinal = isFinal
  }

  /// The value now.
  public var value: Value { state.withLock { $0.value } }

  /// Changes the value and wakes every waiter to look at it again.
  public func update(_ change: (inout Value) -> Void) {
    let woken = state.withLock { state in
      change(&state.value)
      state.version += 1
      var woken: [CheckedContinuation<Void, Never>] = []
      for id in state.waiters.keys {
        if let continuation = state.waiters[id]?.continuation.take() { woken.append(continuation) }
      }
      return woken
    }
    for continuation in woken { continuation.resume() }
  }

  /// Waits until `condition` holds of the value, and returns that value.
  ///
  /// - Parameters:
  ///   - description: What the test waits for, for the failure message ("the text “30 of 200”").
  ///   - timeout: How long to wait at most.
  ///   - condition: Tested at once, then after each update, in the waiting task.
  /// - Throws: ``WaitFailure`` when the value became final without `condition` holding, when
  ///   `timeout` passed, or when the waiting task was cancelled.
  @discardableResult
  public func wait(
    for description: String, timeout: Duration = .seconds(10), until condition: (Value) -> Bool
  ) async throws(WaitFailure<Value>) -> Value {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      state.waiters[state.nextWaiter] = Waiter()
      return state.nextWaiter
    }
    defer { _ = state.withLock { $0.waiters.removeValue(forKey: id) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) { [weak self] in
      self?.wake(id) { $0.timedOut = true }
    }
    let outcome = await withTaskCancellationHandler {
      await loop(id, description, timeout, condition)
    } onCancel: {
      wake(id) { $0.cancelled = true }
    }
    return try outcome.get()
  }

  private func loop(
    _ id: Int, _ description: String, _ timeout: Duration, _ condition: (Value) -> Bool
  ) async -> Result<Value, WaitFailure<Value>> {
    while true {
      let (value, version, waiter) = state.withLock { ($0.value, $0.version, $0.waiters[id] ?? Waiter()) }
      if condition(value) { return .success(value) }
      if let reason = stopReason(value, waiter, timeout) {
        return .failure(WaitFailure(waitingFor: description, reason: reason, last: value))
      }
      await withCheckedContinuation { continuation in
        let changed = state.withLock { state in
          guard let waiter = state.waiters[id], !waiter.cancelled, !waiter.timedOut, state.version == version else {
            return true
          }
          state.waiters[id]?.continuation = continuation
          return false
        }
        if changed { continuation.resume() }
      }
    }
  }

  /// Why a wait whose condition does not hold of `value` stops now, if it does.
  private func stopReason(_ value: Value, _ waiter: Waiter, _ timeout: Duration) -> WaitFailureReason? {
    if isFinal(value) { return .ended }
    if waiter.cancelled { return .cancelled }
    if waiter.timedOut { return .timedOut(timeout) }
    return nil
  }

  /// Marks waiter `id` (timed out, cancelled) and wakes it if it is asleep.
  private func wake(_ id: Int, _ mark: (inout Waiter) -> Void) {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard state.waiters[id] != nil else { return nil }
      mark(&state.waiters[id]!)
      return state.waiters[id]!.continuation.take()
    }
    continuation?.resume()
  }
}

extension Duration {
  /// The duration as dispatch counts time, rounded up to a whole microsecond.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .microseconds(Int(seconds) * 1_000_000 + Int((attoseconds + 999_999_999_999) / 1_000_000_000_000))
  }
}
