#if canImport(Darwin)
  import Dispatch
#endif

/// Where a cache hears of memory pressure: the system's notifications, or a test's.
struct MemoryPressureSource: Sendable {
  /// Delivers each notification to the handler until the returned function is called; returns
  /// `nil` where the platform sends none.
  let start: @Sendable (_ handler: @escaping @Sendable (MemoryPressure) -> Void) -> (@Sendable () -> Void)?

  /// The system's notifications: a dispatch source on Apple platforms (swift-corelibs-libdispatch
  /// has no memory-pressure source, so there are none on Linux). The source sits behind a lock,
  /// which makes it safe to cancel from the cache's deinit, and its handler holds it weakly.
  static let system = MemoryPressureSource { handler in
    #if canImport(Darwin)
      let source = LockedState(DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical]))
      source.withLock { pressure in
        pressure.setEventHandler { [weak source] in
          guard let critical = source?.withLock({ $0.data.contains(.critical) }) else { return }
          handler(critical ? .critical : .warning)
        }
        pressure.activate()
      }
      return { source.withLock { $0.cancel() } }
    #else
      return nil
    #endif
  }
}
