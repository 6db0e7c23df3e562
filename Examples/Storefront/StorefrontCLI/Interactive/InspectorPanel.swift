import Custody
import Foundation

/// What the inspector panel shows: every owner with its counters and what it runs now, and the
/// last events as a log. A plain value, made off the main actor from a `Statistics` snapshot,
/// so a frame only has to lay it out.
public struct InspectorPanel: Sendable, Hashable {
  /// The owners, in the order they first reported.
  public var owners: [OwnerSummary]
  /// The last events, oldest first.
  public var log: [Entry]

  /// One event of the log: `12:01:07.314`, `products  joined  /products/7 (3 waiting)`.
  public struct Entry: Sendable, Hashable, CustomStringConvertible {
    /// When it was recorded, to the millisecond.
    public var time: String
    /// The owner, what happened, the key and the detail.
    public var text: String

    public init(time: String, text: String) {
      self.time = time
      self.text = text
    }

    public var description: String { time + " " + text }
  }

  public init(owners: [OwnerSummary] = [], log: [Entry] = []) {
    self.owners = owners
    self.log = log
  }

  /// The panel for `snapshot`, with event times in `timeZone`, keeping the last `logLimit`
  /// events.
  public init(_ snapshot: Statistics.Snapshot, timeZone: TimeZone = .current, logLimit: Int = 60) {
    owners = OwnerSummary.merge(snapshot.owners)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    log = snapshot.recentEvents.suffix(logLimit).map { logged in
      Entry(time: Self.time(logged.date, calendar), text: EventWords.line(logged.event))
    }
  }

  /// Flights running now in every owner.
  public var inFlight: Int { owners.reduce(0) { $0 + $1.flights.count } }

  /// Callers waiting on them.
  public var waiters: Int { owners.reduce(0) { $0 + $1.waiters } }

  /// `12:01:07.314`.
  static func time(_ date: Date, _ calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
    let milliseconds = (parts.nanosecond ?? 0) / 1_000_000
    return String(format: "%02d:%02d:%02d.%03d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, milliseconds)
  }
}
