/// Turns what the system reports into lifecycle events: the application's activation
/// notifications as they come, and the network path's updates as a reconnection only when the
/// path becomes usable after it was not.
///
/// The source behind it (see `LifecycleSource`) stays a thin layer over the platform's API;
/// every decision is made here, where it is tested without the platform.
struct LifecycleStateMachine {
  /// What a source reports.
  enum Signal: Sendable, Equatable {
    /// The application became active: its did-become-active notification.
    case becameActive
    /// The application is resigning active: UIKit's will-resign-active notification, AppKit's
    /// did-resign-active.
    case resignedActive
    /// The network path was updated: once when monitoring starts, on every change of status,
    /// and on changes that keep the status, such as a move from Wi-Fi to cellular.
    case pathUpdated(isSatisfied: Bool)
  }

  /// Whether the path was satisfied at its last update; `nil` before the first.
  private var pathIsSatisfied: Bool?

  /// The event `signal` means, if any.
  mutating func event(for signal: Signal) -> LifecycleEvent? {
    switch signal {
    case .becameActive:
      return .didBecomeActive
    case .resignedActive:
      return .didResignActive
    case .pathUpdated(let isSatisfied):
      defer { pathIsSatisfied = isSatisfied }
      // The first update is the path as it is, not a change; a satisfied path that changes
      // interface was never lost.
      return isSatisfied && pathIsSatisfied == false ? .didReconnect : nil
    }
  }
}
