/// Something that happened to the app that makes cached values worth checking again: it came
/// back to the foreground, or the network came back.
///
/// An app sends them to its ``LifecycleHub``, and every cache registered there revalidates the
/// stale values someone still watches; while the app is not active, polling pauses. They can
/// come from anywhere: the application's activation notifications and the network path on Apple
/// platforms (the hub observes them), a SwiftUI scene phase, a terminal's focus reports, a
/// request answered after the server could not be reached, or a test. A single ``Cache`` can
/// also listen to a sequence of them by itself (``Cache/revalidate(on:)``).
///
/// ```swift
/// let lifecycle = LifecycleHub()
/// lifecycle.register(products)
/// lifecycle.send(.didBecomeActive)  // stale values being watched reload, once each
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
