import Foundation

extension Duration {
  /// The duration in seconds, as Foundation measures time (`Date`, `URLRequest` timeouts).
  ///
  /// ```swift
  /// let expiry = Date.now.addingTimeInterval(Duration.seconds(90).timeInterval)
  /// ```
  package var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
