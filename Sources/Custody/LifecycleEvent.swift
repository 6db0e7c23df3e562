/// Something that happened to the app that makes cached values worth checking again: it came
/// back to the foreground, or the network came back.
///
/// A ``Cache`` told to ``Cache/revalidate(on:)`` a sequence of these listens to it and revalidates the
/// stale values someone still watches; while the app is not active, its polling pauses. The
/// sequence can come from anywhere: the application's activation notifications and the network
/// path on Apple platforms (``systemEvents()``), a SwiftUI scene phase sent through a
/// ``Broadcast``, a terminal's focus reports, or a test.
///
/// ```swift
/// let events = Broadcast<LifecycleEvent>()
/// products.revalidate(on: events.updates())
/// events.send(.didBecomeActive)  // stale values being watched reload, once each
/// ```
public enum LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
  /// The app is in front of its user again: a scene became active, a window or a terminal
  /// gained focus.
  case didBecomeActive
  /// The app went to the background or lost focus. Polling pauses until it is active again.
  case didResignActive
  /// The network is reachable again after it was not.
  case didReconnect

  public var description: String {
    switch self {
    case .didBecomeActive: "became active"
    case .didResignActive: "resigned active"
    case .didReconnect: "reconnected"
    }
  }
}
