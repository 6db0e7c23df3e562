@testable import Custody

/// Memory-pressure notifications a test sends by hand, in place of the system's.
final class ManualMemoryPressure: Sendable {
  private struct State {
    var handlers: [@Sendable (MemoryPressure) -> Void] = []
    var stopped = 0
  }

  private let state = LockedState(State())

  /// The source to give a cache; it keeps every handler, as a source that leaks would.
  var source: MemoryPressureSource {
    MemoryPressureSource { [state] handler in
      state.withLock { $0.handlers.append(handler) }
      return { state.withLock { $0.stopped += 1 } }
    }
  }

  /// How many caches started listening, and how many of them stopped.
  var started: Int { state.withLock { $0.handlers.count } }
  var stopped: Int { state.withLock { $0.stopped } }

  /// Tells every listener, outside the lock, as a dispatch source calls its handler.
  func send(_ pressure: MemoryPressure) {
    for handler in state.withLock({ $0.handlers }) { handler(pressure) }
  }
}
