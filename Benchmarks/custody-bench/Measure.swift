/// Timing helpers. Absolute times on a shared machine are noise; every scenario reports
/// ratios of variants measured side by side in the same run.
enum Measure {
  static let clock = ContinuousClock()

  /// Runs `body` `repetitions` times and returns the best (least disturbed) duration.
  static func best(repetitions: Int = 5, _ body: () async throws -> Void) async rethrows -> Duration {
    var best = Duration.seconds(1_000_000)
    for _ in 0..<repetitions {
      let start = clock.now
      try await body()
      best = min(best, start.duration(to: clock.now))
    }
    return best
  }

  /// Nanoseconds per operation for `duration` over `operations`.
  static func nanoseconds(_ duration: Duration, per operations: Int) -> Double {
    duration.seconds * 1e9 / Double(operations)
  }
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  var milliseconds: Double { seconds * 1_000 }
}

/// Keeps a value alive and opaque so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  _ = value
}
