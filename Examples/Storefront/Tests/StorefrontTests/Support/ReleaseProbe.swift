import Dispatch

/// Tells whether code runs on the main dispatch queue, which serves the main actor. Thread
/// identity says nothing on Linux, and a deinit cannot ask for its isolation; a queue-specific
/// value answers from anywhere.
enum MainQueue {
  private static let key = DispatchSpecificKey<Bool>()

  /// Marks the main queue. Call from the main actor before relying on ``isCurrent``.
  @MainActor static func mark() {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}

/// A large value's stand-in: reports, when it is freed, whether that happened on the main queue.
final class ReleaseProbe: Sendable {
  private let report: AsyncStream<Bool>.Continuation

  init(_ report: AsyncStream<Bool>.Continuation) { self.report = report }

  deinit { report.yield(MainQueue.isCurrent) }
}
