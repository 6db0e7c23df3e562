/// A wait of ``AwaitableState`` that ended without its condition holding: what it waited for,
/// why it stopped, and the last value it saw.
public struct WaitFailure<Value: Sendable>: Error, CustomStringConvertible {
  public typealias Reason = WaitFailureReason

  /// What the test waited for.
  public let waitingFor: String
  public let reason: Reason
  /// The value when the wait stopped.
  public let last: Value

  public init(waitingFor: String, reason: Reason, last: Value) {
    self.waitingFor = waitingFor
    self.reason = reason
    self.last = last
  }

  public var description: String {
    "gave up waiting for \(waitingFor): \(reason); last seen: \(last)"
  }
}

/// Why a wait stopped.
public enum WaitFailureReason: Sendable, Equatable, CustomStringConvertible {
  /// The timeout passed: the safety net under a wait, not an outcome a test may rely on.
  case timedOut(Duration)
  /// The waiting task was cancelled, by a time limit for example.
  case cancelled
  /// The value can change no more (the output ended, the process exited).
  case ended

  public var description: String {
    switch self {
    case .timedOut(let timeout): "it did not happen within \(timeout)"
    case .cancelled: "the test was cancelled"
    case .ended: "it can no longer happen"
    }
  }
}
