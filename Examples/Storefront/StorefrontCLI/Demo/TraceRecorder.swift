import Custody

/// For `demo --inspect`: every event of a scene's owners, hits included, with when it
/// happened, in the order the owners reported them.
final class TraceRecorder: OwnerInspector {
  struct Entry: Sendable {
    /// Since the recorder was made.
    let at: Duration
    let event: OwnerEvent
  }

  private let start = ContinuousClock.now
  private let entries = LockedState<[Entry]>([])

  func record(_ event: OwnerEvent) {
    let at = start.duration(to: .now)
    entries.withLock { $0.append(Entry(at: at, event: event)) }
  }

  /// Everything recorded so far.
  var recorded: [Entry] { entries.withLock { $0 } }
}
