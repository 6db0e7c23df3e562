import Custody
import Dispatch

/// A tick on the main queue, where the main actor runs, every `interval`; how late the ticks
/// run is how long the main actor was busy, the hitch a user feels. Every `window` ticks it
/// reports the worst lateness among them.
///
/// A dispatch timer rather than a task that sleeps: on Linux a sleeping task wakes on the
/// cooperative pool before it hops to the main actor, so a busy pool would make it late with
/// the main actor idle.
final class MainQueueHeartbeat: Sendable {
  private struct State {
    var timer: (any DispatchSourceTimer)?
    var due = ContinuousClock.now
    var worst = Duration.zero
    var ticks = 0
  }

  private let state = LockedState(State())
  let interval: Duration
  let window: Int

  init(interval: Duration = .milliseconds(50), window: Int = 10) {
    self.interval = interval
    self.window = window
  }

  /// Starts ticking; `report` receives the worst lateness of each window, on the main queue.
  func start(report: @escaping @Sendable (Duration) -> Void) {
    let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
    let nanoseconds =
      Int(interval.components.seconds) * 1_000_000_000
      + Int(interval.components.attoseconds / 1_000_000_000)
    timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
    timer.setEventHandler { [self] in
      if let worst = tick() { report(worst) }
    }
    state.withLock { state in
      state.due = .now + interval
      state.timer = timer
    }
    timer.resume()
  }

  func stop() {
    state.withLock { state in
      state.timer?.cancel()
      state.timer = nil
    }
  }

  /// Notes one tick; returns the window's worst lateness when the window is full.
  private func tick() -> Duration? {
    let now = ContinuousClock.now
    return state.withLock { state -> Duration? in
      state.worst = max(state.worst, max(state.due.duration(to: now), .zero))
      state.due += interval
      // Ticks the busy main queue missed are not owed: the next one is due an interval from now.
      if state.due < now { state.due = now + interval }
      state.ticks += 1
      guard state.ticks >= window else { return nil }
      defer {
        state.ticks = 0
        state.worst = .zero
      }
      return state.worst
    }
  }
}
