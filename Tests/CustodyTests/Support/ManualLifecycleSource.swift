@testable import Custody

/// Lifecycle signals a test sends by hand, in place of the system's notifications and path
/// monitor.
final class ManualLifecycleSource: Sendable {
  private struct State {
    var handlers: [Int: @Sendable (LifecycleSource.Signal) -> Void] = [:]
    var started = 0
    var stopped = 0
  }

  private let state = LockedState(State())

  /// The source to build a stream from; a stopped listener hears nothing more, as with the
  /// system's.
  var source: LifecycleSource {
    LifecycleSource { [state] handler in
      let id = state.withLock { state in
        state.started += 1
        state.handlers[state.started] = handler
        return state.started
      }
      return {
        state.withLock { state in
          state.handlers[id] = nil
          state.stopped += 1
        }
      }
    }
  }

  /// How many streams started listening, and how many of them stopped.
  var started: Int { state.withLock { $0.started } }
  var stopped: Int { state.withLock { $0.stopped } }

  /// Tells every listener, outside the lock, as the system's observers do.
  func send(_ signals: LifecycleSource.Signal...) {
    for signal in signals {
      for handler in state.withLock({ Array($0.handlers.values) }) { handler(signal) }
    }
  }
}
