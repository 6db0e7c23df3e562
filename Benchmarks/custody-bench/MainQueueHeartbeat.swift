import Dispatch
import Foundation

/// A second heartbeat on the main actor that does not go through the cooperative pool: a
/// strict 1 ms dispatch timer on the main queue. On Linux the stall meter's `Task.sleep` wakes
/// on the pool first and hops to the main actor from there, so with every pool thread busy its
/// ticks are late even when the main actor is idle; this one is late only when the main queue
/// is busy or its thread has no core, as a display link or a run-loop timer would be.
@MainActor
final class MainQueueHeartbeat {
  private var latenesses: [Duration] = []
  private var due = ContinuousClock.now
  private var timer: (any DispatchSourceTimer)?
  private let interval: Duration

  init(interval: Duration = .milliseconds(1)) { self.interval = interval }

  /// Starts ticking.
  func start() {
    latenesses = []
    let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
    let nanoseconds = Int(interval.components.attoseconds / 1_000_000_000)
    due = ContinuousClock.now.advanced(by: interval)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(0))
    // The main queue is the main actor's executor.
    timer.setEventHandler { MainActor.assumeIsolated { self.tick() } }
    self.timer = timer
    timer.resume()
  }

  private func tick() {
    let now = ContinuousClock.now
    latenesses.append(max(due.duration(to: now), .zero))
    // The next tick is due one interval after this one was; ticks missed meanwhile count once.
    repeat { due = due.advanced(by: interval) } while due < now
  }

  /// Stops ticking and returns every tick's lateness.
  func stop() -> [Duration] {
    timer?.cancel()
    timer = nil
    return latenesses
  }
}
