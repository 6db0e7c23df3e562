/// A heartbeat on the cooperative pool: a task on the global concurrent executor that sleeps a
/// short interval, over and over, and records how late it wakes.
///
/// `Task.sleep` wakes a task by enqueueing it on the pool, so a tick is late when every pool
/// thread is busy: running jobs, or blocked in a system call that should have had a thread of
/// its own. The main-actor heartbeats (`MainActorStallMeter`, `MainQueueHeartbeat`) measure the
/// main actor; this one measures the pool every other task of an app shares.
enum PoolHeartbeat {
  /// Ticks every `interval` for `duration` and returns every tick's lateness. A tick that is
  /// later than a whole interval counts once: the next one is due on the schedule after it.
  @concurrent static func beat(every interval: Duration, for duration: Duration) async -> [Duration] {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    var latenesses: [Duration] = []
    latenesses.reserveCapacity(Int(duration / interval) + 1)
    var due = clock.now.advanced(by: interval)
    while due < end, !Task.isCancelled {
      try? await Task.sleep(until: due, tolerance: .zero, clock: clock)
      let now = clock.now
      latenesses.append(max(due.duration(to: now), .zero))
      repeat { due = due.advanced(by: interval) } while due < now
    }
    return latenesses
  }
}

extension [Duration] {
  /// The lateness that `fraction` of the ticks did not exceed (0.99: the p99).
  func percentile(_ fraction: Double) -> Duration {
    guard !isEmpty else { return .zero }
    let sorted = self.sorted()
    return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
  }
}
