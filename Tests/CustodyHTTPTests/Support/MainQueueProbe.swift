import Dispatch

/// Tells whether code runs on the main dispatch queue, which is where the main actor runs.
///
/// `Thread.isMainThread` cannot tell on Linux (the main queue is serviced by a worker thread),
/// and `MainActor.assertIsolated()` stops the process; a queue-specific value can be read
/// anywhere, including inside a synchronous `init(from:)`.
enum MainQueueProbe {
  static let key = DispatchSpecificKey<Bool>()

  /// Marks the main queue. Idempotent.
  static func install() { DispatchQueue.main.setSpecific(key: key, value: true) }

  /// Whether the current code runs on the main queue.
  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A response type that records, while it is decoded, whether decoding ran on the main queue.
struct IsolationProbe: Decodable, Sendable {
  let decodedOnMainQueue: Bool

  init(from decoder: any Decoder) throws {
    decodedOnMainQueue = MainQueueProbe.isOnMainQueue
  }
}
