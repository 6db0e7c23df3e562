import Custody

/// A clock whose time moves only when a test moves it.
///
/// Owners take a `Clock<Duration>`; give them a `TestClock` and time becomes an input of the
/// test: nothing sleeps for real, and a test decides exactly when a deadline passes.
///
/// ```swift
/// let clock = TestClock()
/// let cache = Cache<Int, String>(policy: .init(freshFor: .seconds(10)), clock: clock)
/// _ = try await cache.value(for: 1) { "a" }
/// clock.advance(by: .seconds(11))   // the value is now expired
/// ```
///
/// Sleepers whose deadline is reached are resumed in deadline order (ties in the order they
/// started sleeping). A sleeper whose task is cancelled throws `CancellationError` at once.
/// ``waitForSleepers(_:)`` lets a test wait, without polling, until the code under test has
/// started sleeping; it ends with a ``TestWaitError`` when its task is cancelled.
public final class TestClock: Clock, Sendable {
  /// A point in a `TestClock`'s time: the duration since the clock was created.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// Time since the clock's start.
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  private struct Sleeper {
    let deadline: Instant
    let sequence: UInt64
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: WaitingState {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [UInt64: Sleeper] = [:]
    var waits = WaitList<State>()

    /// Sets the time and removes the sleepers now due, in deadline order.
    mutating func move(to instant: Instant) -> [Sleeper] {
      now = instant
      let due = sleepers.values.filter { $0.deadline <= instant }
      for sleeper in due { sleepers[sleeper.sequence] = nil }
      return due.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
    }
  }

  private let state = LockedState(State())

  /// Creates a clock at offset zero.
  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  /// The number of tasks currently sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The earliest deadline among current sleepers, if any.
  public var nextDeadline: Instant? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (resume, ended) = state.withLock { state -> (Result<Void, any Error>?, EndedWaits) in
          if Task.isCancelled { return (.failure(CancellationError()), EndedWaits()) }
          if deadline <= state.now { return (.success(()), EndedWaits()) }
          state.sleepers[id] = Sleeper(deadline: deadline, sequence: id, continuation: continuation)
          return (nil, state.takeSatisfiedWaits())
        }
        if let resume { continuation.resume(with: resume) }
        ended.resume()
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is reached.
  public func advance(by duration: Duration = .zero) {
    precondition(duration >= .zero, "TestClock cannot move backwards")
    wake(state.withLock { state in state.move(to: state.now.advanced(by: duration)) })
  }

  /// Moves time forward to `instant`, waking every sleeper whose deadline is reached. An instant
  /// already passed leaves the time as it is.
  public func advance(to instant: Instant) {
    wake(state.withLock { state in state.move(to: max(instant, state.now)) })
  }

  private func wake(_ due: [Sleeper]) {
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves time to the latest deadline among current sleepers, waking all of them.
  public func runToLastDeadline() {
    if let last = state.withLock({ $0.sleepers.values.map(\.deadline).max() }) { advance(to: last) }
  }

  /// Suspends until at least `count` tasks are sleeping on this clock.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it says how many tasks were sleeping.
  public func waitForSleepers(_ count: Int = 1) async throws(TestWaitError) {
    try await state.wait(for: "\(quantity(count, "sleeper")) on the test clock") { state in
      state.sleepers.count >= count
    } seen: { state in
      "\(state.sleepers.count)"
    }
  }

  /// Suspends until `count` waits are pending on this clock, so a test of the waits can cancel
  /// one it knows has started.
  package func waitForPendingWaits(_ count: Int) async throws(TestWaitError) {
    try await state.waitForWaits(count, on: "the test clock")
  }
}
