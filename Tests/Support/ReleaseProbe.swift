import Custody
import CustodyTesting
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
  private struct State: WaitingState {
    var onMainQueue: [Bool] = []
    var waits = WaitList<State>()
  }

  private let state = LockedState(State())

  public init() {}

  /// For each release so far, whether it ran on the main queue.
  public var releasedOnMainQueue: [Bool] { state.withLock { $0.onMainQueue } }

  public func record() {
    let onMain = MainQueue.isCurrent
    let ended = state.withLock { state in
      state.onMainQueue.append(onMain)
      return state.takeSatisfiedWaits()
    }
    ended.resume()
  }

  /// Suspends until `count` values have been freed; throws `TestWaitError` when the task is
  /// cancelled first.
  public func waitForReleases(_ count: Int) async throws(TestWaitError) {
    try await state.wait(for: "\(quantity(count, "release")) of a probed value") { state in
      state.onMainQueue.count >= count
    } seen: { state in
      "\(state.onMainQueue.count)"
    }
  }
}

/// A large value's stand-in: records where it is freed.
public final class ReleaseProbe: Sendable {
  public let log: ReleaseLog
  public init(_ log: ReleaseLog) { self.log = log }
  deinit { log.record() }
}
