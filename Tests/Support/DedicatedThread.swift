import Foundation

/// Runs a call that blocks (`waitpid`, `waitid`) on a thread of its own and awaits its result,
/// so the blocking never lands on a cooperative-pool thread or the main actor.
///
/// The wait ends with the call, after `timeout`, or when the waiting task is cancelled. The
/// thread itself runs until the call returns: make sure something ends it (killing the process
/// it waits for, say) when the wait fails.
public enum DedicatedThread {
  /// Runs `body` on a new thread; returns what it returned.
  ///
  /// - Throws: ``WaitFailure`` when `timeout` passed or the waiting task was cancelled first.
  public static func run<Value: Sendable>(
    _ description: String, timeout: Duration = .seconds(30), _ body: @escaping @Sendable () -> Value
  ) async throws(WaitFailure<Value?>) -> Value {
    let result = AwaitableState<Value?>(nil)
    let thread = Thread {
      let value = body()
      result.update { $0 = value }
    }
    thread.name = description
    thread.start()
    // The wait returns only once the value is set.
    return try await result.wait(for: description, timeout: timeout) { $0 != nil }!
  }
}
