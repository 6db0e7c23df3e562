import Custody
import Foundation

/// The inspector of a `storefront` run: a `Statistics` every owner reports to, and the
/// throttled stream of panels the browser draws from it.
///
/// Owners report while they hold their own locks, thousands of times a second in a burst, so
/// an event only marks the panel as out of date. ``follow(every:clock:timeZone:show:)`` then
/// reads the statistics and builds a panel off the main actor, at most once per interval,
/// and hands the finished value to the screen.
public final class InspectorFeed: Sendable {
  /// Counters, flights and the last events of every owner.
  public let statistics: Statistics
  private let changes: AsyncStream<Void>
  private let changed: AsyncStream<Void>.Continuation
  private let shown = LockedState(false)

  /// Creates a feed whose statistics keep the last `logLimit` events.
  public init(logLimit: Int = 200) {
    statistics = Statistics(logLimit: logLimit)
    (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// What owners report to: the statistics, and the mark that a new panel is due.
  public var inspector: any OwnerInspector { InspectorGroup(statistics, Signal(changed: changed)) }

  /// Whether a panel is wanted; while it is not, events build nothing.
  public var isShown: Bool {
    get { shown.withLock { $0 } }
    set {
      shown.withLock { $0 = newValue }
      if newValue { changed.yield() }  // the first panel at once, events or not
    }
  }

  /// The panel as the statistics stand now.
  public func panel(timeZone: TimeZone = .current) -> InspectorPanel {
    InspectorPanel(statistics.snapshot(), timeZone: timeZone)
  }

  /// Calls `show` with a new panel whenever owners reported since the last one, at most once
  /// per `interval` of `clock`, until the calling task is cancelled. Call it once per feed.
  @concurrent
  public func follow(
    every interval: Duration = .milliseconds(100), clock: any Clock<Duration> = ContinuousClock(),
    timeZone: TimeZone = .current, show: @escaping @MainActor @Sendable (InspectorPanel) -> Void
  ) async {
    for await _ in changes {
      guard isShown else { continue }
      await show(panel(timeZone: timeZone))
      do { try await clock.sleep(for: interval) } catch { return }
    }
  }

  /// Marks the panel out of date; a fresh hit counts too, since the hit ratio shows.
  private struct Signal: OwnerInspector {
    let changed: AsyncStream<Void>.Continuation

    func record(_ event: OwnerEvent) { changed.yield() }
  }
}
