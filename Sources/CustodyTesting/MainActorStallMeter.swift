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
@MainActor
public final class MainActorStallMeter {
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
  private var tickWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a meter that ticks every `interval` (1 ms by default).
  public init(interval: Duration = .milliseconds(1)) {
    self.interval = interval
  }

  /// Starts the heartbeat; forgets what an earlier run measured.
  public func start() {
    heartbeat?.cancel()
    latenesses = []
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
    return Report(latenesses: latenesses)
  }

  /// The ticks recorded so far.
  public var tickCount: Int { latenesses.count }

  /// Suspends until at least `count` ticks have run since `start()`.
  public func waitForTicks(_ count: Int) async {
    guard latenesses.count < count else { return }
    await withCheckedContinuation { tickWatchers.append((count, $0)) }
  }

  private func record(_ lateness: Duration) {
    latenesses.append(lateness)
    let ready = tickWatchers.filter { $0.count <= latenesses.count }
    tickWatchers.removeAll { $0.count <= latenesses.count }
    for watcher in ready { watcher.continuation.resume() }
  }
}
