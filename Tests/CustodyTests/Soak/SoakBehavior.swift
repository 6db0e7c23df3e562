/// How one upstream call behaves: how long it takes and whether it fails. Latency is a number
/// of yields, not real time: each yield is a suspension point where other tasks interleave,
/// and nothing waits for the clock.
struct SoakBehavior: Sendable {
  enum Latency: Sendable {
    case none
    case yield
    /// Suspends this many times, checking for cancellation each time.
    case yields(Int)
  }

  var latency: Latency
  var fails: Bool
  /// The cost of a cached value.
  var cost: Int

  static func random(_ rng: inout SplitMix64, failurePercent: Int = 10) -> SoakBehavior {
    let latency: Latency
    switch rng.int(in: 0...99) {
    case 0..<20: latency = .none
    case 20..<50: latency = .yield
    case 50..<92: latency = .yields(rng.int(in: 2...20))
    default: latency = .yields(rng.int(in: 50...200))
    }
    return SoakBehavior(latency: latency, fails: rng.chance(failurePercent), cost: rng.int(in: 1...8))
  }

  /// Waits as the behavior says; throws `CancellationError` at once when cancelled, as a
  /// well-behaved network call does.
  func wait() async throws {
    switch latency {
    case .none: break
    case .yield: await Task.yield()
    case .yields(let count):
      for _ in 0..<count {
        await Task.yield()
        try Task.checkCancellation()
      }
    }
    try Task.checkCancellation()
  }
}

/// Runs `operation` in a child task and, when `yields` is set, cancels it after that many
/// yields of the caller, so cancellations land at every stage of a call.
///
/// `cancel` runs the cancellation; owners whose detaching must be atomic with the fake's
/// bookkeeping wrap it in the fake's lock.
func runCancellable<Value: Sendable>(
  cancelAfter yields: Int?, cancel: (_ cancelChild: () -> Void) -> Void = { $0() },
  _ operation: @escaping @Sendable () async throws -> Value
) async -> (result: Result<Value, any Error>, cancelled: Bool) {
  await withTaskGroup(of: Result<Value, any Error>.self) { group in
    group.addTask {
      do { return .success(try await operation()) } catch { return .failure(error) }
    }
    guard let yields else { return (await group.next()!, false) }
    for _ in 0..<yields { await Task.yield() }
    cancel { group.cancelAll() }
    return (await group.next()!, true)
  }
}
