/// A test's wait that ended without what it waited for: its task was cancelled first.
///
/// Every wait CustodyTesting offers (``TestInspector/wait(for:until:)`` and the inspector's
/// other waits, ``ControlledOperation/waitForCalls(_:)``, ``TestClock/waitForSleepers(_:)``,
/// ``MainActorStallMeter/waitForTicks(_:)`` and the rest) throws this error when the task that
/// waits is cancelled before the state it waits for comes. A Swift Testing `.timeLimit` cancels
/// its test that way; the error then says what the test was still waiting for and what it had
/// seen, where a wait that ignored cancellation would hang the whole run.
///
/// ```swift
/// do {
///   try await fetch.waitForCalls(2)
/// } catch {
///   print(error)  // Cancelled while waiting for 2 calls of the operation; saw 1. …
/// }
/// ```
public struct TestWaitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What the wait was waiting for, in words: "2 calls of the operation".
  public let awaited: String
  /// What the wait had seen when it ended, in words: "1".
  public let seen: String

  /// An error for a wait for `awaited` that ended having seen `seen`.
  ///
  /// A test helper that offers a wait of its own throws one when its task is cancelled.
  public init(awaited: String, seen: String) {
    self.awaited = awaited
    self.seen = seen
  }

  public var description: String {
    "Cancelled while waiting for \(awaited); saw \(seen). "
      + "A time limit cancels its test when what the test waits for never comes."
  }
}
