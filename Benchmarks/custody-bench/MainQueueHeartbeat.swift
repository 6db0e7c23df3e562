import Custody
import Dispatch
import Foundation

/// A second heartbeat on the main actor that does not go through the cooperative pool: a
/// strict 1 ms dispatch timer on the main queue. On Linux the stall meter's `Task.sleep` wakes
/// on the pool first and hops to the main actor from there, so with every pool thread busy its
/// ticks are late even when the main actor is idle; this one is late only when the main queue
/// is busy or its thread has no core, as a display link or a run-loop timer would be.
final class MainQueueHeartbeat: Sendable {
  private struct State {
    var latenesses: [Duration] = []
    var due = ContinuousClock.now
    var timer: (any DispatchSourceTimer)?
  }

  private let state = LockedState(State())
  private let interval: Duration

  init(interval: Duration = .milliseconds(1)) { self.interval = interval }

  /// Starts ticking.
  func start() {
    let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
    let nanoseconds = Int(interval.components.attoseconds / 1_000_000_000)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(0))
    timer.setEventHandler { [self] in tick() }
    state.withLock { state in
      state.latenesses = []
      state.due = ContinuousClock.now.advanced(by: interval)
      state.timer = timer
    }
    timer.resume()
  }

  private func tick() {
    let now = ContinuousClock.now
    state.withLock { state in
      state.latenesses.append(max(state.due.duration(to: now), .zero))
      // The next tick is due one interval after this one was; ticks missed meanwhile count once.
      repeat { state.due = state.due.advanced(by: interval) } while state.due < now
    }
  }

  /// Stops ticking and returns every tick's lateness.
  func stop() -> [Duration] {
    // Cancelling only marks the source; its handler never runs inside this call.
    state.withLock { state in
      state.timer?.cancel()
      state.timer = nil
      return state.latenesses
    }
  }
}
