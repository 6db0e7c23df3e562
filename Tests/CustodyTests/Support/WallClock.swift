import Custody
import Foundation

/// A wall clock that a test sets, for a persisted cache's time between a save and a start.
final class WallClock: Sendable {
  private let date: LockedState<Date>

  init(_ date: Date = Date(timeIntervalSince1970: 1_800_000_000)) { self.date = LockedState(date) }

  /// What the cache reads.
  var read: @Sendable () -> Date { { [date] in date.withLock { $0 } } }

  /// Moves the date by `seconds`, backwards when negative.
  func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}
