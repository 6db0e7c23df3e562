extension LifecycleEvent {
  /// The events the system sends, for ``Cache/revalidate(on:)``: ``LifecycleEvent/didBecomeActive`` and
  /// ``LifecycleEvent/didResignActive`` from the application's activation notifications, and ``LifecycleEvent/didReconnect``
  /// when the network path becomes usable after it was not.
  ///
  /// ```swift
  /// products.revalidate(on: LifecycleEvent.systemEvents())
  /// ```
  ///
  /// Where each event comes from:
  /// - On iOS, iPadOS, tvOS, visionOS and Mac Catalyst, `UIApplication`'s
  ///   `didBecomeActiveNotification` and `willResignActiveNotification`; on macOS,
  ///   `NSApplication`'s `didBecomeActiveNotification` and `didResignActiveNotification`. On
  ///   watchOS the stream sends no activation events.
  /// - Wherever the Network framework exists, an `NWPathMonitor`: ``LifecycleEvent/didReconnect`` is sent when
  ///   its path becomes satisfied after it was not. Its first update, which reports the path as
  ///   it is, sends nothing, and neither do updates that keep the path satisfied (a move from
  ///   Wi-Fi to cellular).
  /// - Elsewhere, Linux included, the stream sends nothing until its consumer is cancelled. Send
  ///   your own through a ``Broadcast`` instead, from a terminal's focus reports or a SwiftUI
  ///   scene phase:
  ///
  /// ```swift
  /// let appEvents = Broadcast<LifecycleEvent>()
  /// products.revalidate(on: appEvents.updates())
  /// appEvents.send(.didBecomeActive)
  /// ```
  ///
  /// Each call observes on its own, with its own `NWPathMonitor`; a ``LifecycleHub`` observes the
  /// system once for every cache registered with it. The observers are removed and the monitor
  /// cancelled when the stream ends, that is when its consumer's task is cancelled or the stream
  /// is released.
  ///
  /// - Returns: A stream of the system's lifecycle events, from now on.
  public static func systemEvents() -> AsyncStream<LifecycleEvent> {
    events(from: .system)
  }

  /// The events `source`'s signals mean; the source is stopped when the stream ends.
  static func events(from source: LifecycleSource) -> AsyncStream<LifecycleEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
    let machine = LockedState(LifecycleStateMachine())
    let stop = source.start { signal in
      // Yielded after the lock is released, and the termination handler below takes no lock a
      // yield holds: stopping the source takes only the source's own.
      if let event = machine.withLock({ $0.event(for: signal) }) { continuation.yield(event) }
    }
    // Nobody holds the stream yet, so it cannot have ended before the handler is in place.
    if let stop { continuation.onTermination = { _ in stop() } }
    return stream
  }
}
