/// Raises the priority of shared work to that of a caller who joins it, so that a screen
/// waiting at `.userInitiated` on a load a prefetch started at `.utility` is not served at
/// `.utility`.
@usableFromInline
enum PriorityEscalation {
  /// Escalates `task` to the current task's priority, where the platform can (the runtime's
  /// escalation API is in Swift 6.2 on Linux and in iOS 26 / macOS 26 on Apple platforms).
  /// Never lowers a priority. Owners call it under their lock, before the join is reported, so
  /// whoever sees a caller join (an inspector, a test) sees the work at the caller's priority.
  /// Not inlinable: the escalation API is newer than the SDKs a client may compile against.
  @usableFromInline
  static func raise(_ task: Task<Void, Never>?) {
    guard let task else { return }
    if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
      task.escalatePriority(to: Task.currentPriority)
    }
  }
}
