import Custody

/// Measures how responsive the main actor is: a heartbeat on the main actor that records how
/// late each tick runs.
///
/// A tick is due every `interval`; when the main actor is busy (decoding, sorting, freeing a
/// large value) the tick runs late by as long as the main actor was blocked. Thread identity
/// says nothing on Linux, where the main actor is the main dispatch queue served by a worker
/// thread; lateness is what a user feels as a hitch.
///
/// ```swift
/// let meter = MainActorStallMeter()
/// meter.start()
/// await viewModel.refresh()
/// let report = meter.stop()
/// print(report.maxLateness, report.p99Lateness)
/// ```
///
/// ``waitForTicks(_:)`` ends with a ``TestWaitError`` when its task is cancelled.
@MainActor
public final class MainActorStallMeter {
  /// The ticks so far, where waits read them under a lock.
  private struct Ticks: WaitingState {
    var count = 0
    var isRunning = false
    var waits = WaitList<Ticks>()
  }

  /// What the meter saw between `start()` and `stop()`.
  public struct Report: Sendable, CustomStringConvertible {
    /// How late each tick ran, in the order they ran.
    public let latenesses: [Duration]

    /// A report of the given tick latenesses.
    public init(latenesses: [Duration]) { self.latenesses = latenesses }

    /// The number of ticks that ran.
    public var tickCount: Int { latenesses.count }
    /// The worst lateness: the longest the main actor was unavailable.
    public var maxLateness: Duration { latenesses.max() ?? .zero }
    /// The 99th percentile lateness.
    public var p99Lateness: Duration { percentile(0.99) }

    /// The lateness at or below which `fraction` (0...1) of ticks fall, by nearest rank.
    public func percentile(_ fraction: Double) -> Duration {
      guard !latenesses.isEmpty else { return .zero }
      let sorted = latenesses.sorted()
      let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
      return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    public var description: String {
      let max = maxLateness.inMilliseconds, p99 = p99Lateness.inMilliseconds
      return "\(tickCount) ticks; lateness max \(max) ms, p99 \(p99) ms"
    }
  }

  /// Time between ticks.
  public let interval: Duration
  private let clock = ContinuousClock()
  private var latenesses: [Duration] = []
  private var heartbeat: Task<Void, Never>?
  private let ticks = LockedState(Ticks())

  /// Creates a meter that ticks every `interval` (1 ms by default).
  public init(interval: Duration = .milliseconds(1)) {
    self.interval = interval
  }

  /// Starts the heartbeat; forgets what an earlier run measured.
  public func start() {
    heartbeat?.cancel()
    latenesses = []
    ticks.withLock { ticks in
      ticks.count = 0
      ticks.isRunning = true
    }
    heartbeat = Task { [interval, clock] in
      while !Task.isCancelled {
        let due = clock.now.advanced(by: interval)
        do { try await clock.sleep(until: due, tolerance: nil) } catch { return }
        self.record(due.duration(to: clock.now))
      }
    }
  }

  /// Stops the heartbeat and reports what it saw.
  @discardableResult
  public func stop() -> Report {
    heartbeat?.cancel()
    heartbeat = nil
    ticks.withLock { $0.isRunning = false }
    return Report(latenesses: latenesses)
  }

  /// The ticks recorded so far.
  public var tickCount: Int { latenesses.count }

  /// Suspends until at least `count` ticks have run since `start()`.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it says how many ticks ran and whether the meter was running.
  public func waitForTicks(_ count: Int) async throws(TestWaitError) {
    try await ticks.wait(for: "\(quantity(count, "tick")) of the main-actor stall meter") { ticks in
      ticks.count >= count
    } seen: { ticks in
      "\(ticks.count)" + (ticks.isRunning ? "" : " (the meter is stopped)")
    }
  }

  /// Suspends until `count` waits are pending on this meter, so a test of the waits can cancel
  /// one it knows has started.
  package func waitForPendingWaits(_ count: Int) async throws(TestWaitError) {
    try await ticks.waitForWaits(count, on: "the main-actor stall meter")
  }

  private func record(_ lateness: Duration) {
    latenesses.append(lateness)
    let count = latenesses.count
    let ended = ticks.withLock { ticks in
      ticks.count = count
      return ticks.takeSatisfiedWaits()
    }
    ended.resume()
  }
}
