import Custody

/// What a wait of ``TestInspector`` says it waited for and saw, when its task is cancelled.
extension TestInspector.Recording {
  /// " in products", or nothing for any owner.
  static func inOwner(_ owner: String?) -> String { owner.map { " in \($0)" } ?? "" }

  /// " of products", or nothing for any owner.
  static func ofOwner(_ owner: String?) -> String { owner.map { " of \($0)" } ?? "" }

  /// How many callers wait on each attached piece of work of the owners selected by `owner`.
  func attachedWaiters(of owner: String?) -> [Int] {
    selected(owner).flatMap { activity in activity.flights.values.filter { !$0.isDetached }.map(\.waiters) }
  }

  /// "no work running", or "2 running: products load #1 7, products refresh #3 7".
  func describeRunningWork(of owner: String?) -> String {
    let running = selected(owner).flatMap { activity in
      activity.flightsInFlight.map { flight in
        [activity.owner.name, "\(flight.kind) #\(flight.id)", flight.key?.description].compactMap(\.self)
          .joined(separator: " ")
      }
    }
    guard !running.isEmpty else { return "no work running" }
    return "\(running.count) running: " + running.joined(separator: ", ")
  }

  /// "no events", or "12 events, the last: products miss 7, products load #1 started 7, …".
  ///
  /// - Parameter count: The number of events seen in all, when an event limit may have dropped
  ///   some of those kept; nil counts those kept.
  func describeEvents(of owner: String?, count: Int?) -> String {
    let events = events(of: owner)
    let total = count ?? events.count
    guard total > 0 else { return "no events" }
    let last = events.suffix(Self.describedEventCount).map(\.description).joined(separator: ", ")
    return "\(quantity(total, "event")), the last: \(last)"
  }

  /// How many of the last events a description lists.
  private static let describedEventCount = 3
}
