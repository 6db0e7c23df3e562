#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import UIKit
#elseif canImport(AppKit)
  import AppKit
  import Foundation
#endif
#if canImport(Network)
  import Dispatch
  import Network
#endif

/// Where lifecycle signals come from: the system's, or a test's.
struct LifecycleSource: Sendable {
  typealias Signal = LifecycleStateMachine.Signal

  /// Delivers each signal to the handler until the returned function is called; returns `nil`
  /// where the platform sends none. Signals of one kind come one at a time, in order.
  let start: @Sendable (_ handler: @escaping @Sendable (Signal) -> Void) -> (@Sendable () -> Void)?

  /// The system's signals: the application's activation notifications (UIKit on iOS, tvOS and
  /// visionOS, AppKit on macOS; none on watchOS) and `NWPathMonitor`'s updates where the
  /// Network framework exists. Elsewhere, Linux included, there are none.
  static let system = LifecycleSource { handler in
    let stops = [observeActivation(handler), monitorPath(handler)].compactMap { $0 }
    guard !stops.isEmpty else { return nil }
    return { for stop in stops { stop() } }
  }

  /// Observes the application's activation notifications; the returned function removes the
  /// observers.
  private static func observeActivation(_ handler: @escaping @Sendable (Signal) -> Void) -> (@Sendable () -> Void)? {
    #if canImport(UIKit) && !os(watchOS)
      return observe(
        [
          (UIApplication.didBecomeActiveNotification, .becameActive),
          (UIApplication.willResignActiveNotification, .resignedActive),
        ], handler)
    #elseif canImport(AppKit)
      return observe(
        [
          (NSApplication.didBecomeActiveNotification, .becameActive),
          (NSApplication.didResignActiveNotification, .resignedActive),
        ], handler)
    #else
      return nil
    #endif
  }

  #if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
    /// Each notification's block runs on the thread that posts it (the main thread for these),
    /// without a queue of its own.
    private static func observe(
      _ notifications: [(name: Notification.Name, signal: Signal)], _ handler: @escaping @Sendable (Signal) -> Void
    ) -> @Sendable () -> Void {
      let observers = LockedState(
        notifications.map { name, signal in
          NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in handler(signal) }
        })
      return {
        observers.withLock { observers in
          for observer in observers { NotificationCenter.default.removeObserver(observer) }
          observers = []
        }
      }
    }
  #endif

  /// Reports every update of the network path; the returned function cancels the monitor.
  private static func monitorPath(_ handler: @escaping @Sendable (Signal) -> Void) -> (@Sendable () -> Void)? {
    #if canImport(Network)
      let monitor = NWPathMonitor()
      monitor.pathUpdateHandler = { path in handler(.pathUpdated(isSatisfied: path.status == .satisfied)) }
      monitor.start(queue: DispatchQueue(label: "Custody.LifecycleEvent.path"))
      let started = LockedState(monitor)
      return { started.withLock { $0.cancel() } }
    #else
      return nil
    #endif
  }
}
