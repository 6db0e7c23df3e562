import Custody
import Dispatch

/// Tells whether code runs on the main dispatch queue, which serves the main actor.
///
/// Thread identity says nothing on Linux (the main queue is served by a worker thread), and a
/// deinit cannot ask an actor for its isolation; a queue-specific value set on the main queue
/// answers from anywhere, a deinit included.
public enum MainQueue {
  private static let key = DispatchSpecificKey<Bool>()

  /// Marks the main queue. Call from the main actor before relying on ``isCurrent``.
  @MainActor public static func mark() {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }

  public static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}

/// Records where values were freed and lets a test wait for it without polling.
public final class ReleaseLog: Sendable {
  private struct State {
    var onMainQueue: [Bool] = []
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedState(State())

  public init() {}

  /// For each release so far, whether it ran on the main queue.
  public var releasedOnMainQueue: [Bool] { state.withLock { $0.onMainQueue } }

  public func record() {
    let onMain = MainQueue.isCurrent
    let ready = state.withLock { state in
      state.onMainQueue.append(onMain)
      let ready = state.watchers.filter { $0.count <= state.onMainQueue.count }.map(\.continuation)
      state.watchers.removeAll { $0.count <= state.onMainQueue.count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Suspends until `count` values have been freed.
  public func waitForReleases(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.onMainQueue.count >= count { return true }
        state.watchers.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// A large value's stand-in: records where it is freed.
public final class ReleaseProbe: Sendable {
  public let log: ReleaseLog
  public init(_ log: ReleaseLog) { self.log = log }
  deinit { log.record() }
}
