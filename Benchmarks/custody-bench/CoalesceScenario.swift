import Custody

/// `coalesce`: thousands of concurrent callers for one key. Counts upstream calls and times
/// the fan-out, from the upstream finishing to the last caller resuming.
///
/// The baseline is what many apps write first: an actor that stores the `Task` of the request
/// and has every caller `await task.value`.
enum CoalesceScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("coalesce")
    let sizes = quick ? [1_000, 2_000] : [1_000, 10_000]
    let repetitions = quick ? 1 : 15
    var fanOut: [Variant: [Int: Double]] = [:]
    var burst: [Variant: [Int: Double]] = [:]
    for callers in sizes {
      // Best of several, the variants taking turns, so that the machine's load at any moment
      // weighs on all of them alike.
      var best: [Variant: Result] = [:]
      for _ in 0..<repetitions {
        for variant in Variant.allCases {
          let result = await measure(variant, callers: callers)
          if result.upstreamCalls != 1 {
            report.notes.append("\(variant.rawValue) ran the upstream \(result.upstreamCalls) times")
          }
          best[variant] = best[variant].map { $0.best(with: result) } ?? result
        }
      }
      for variant in Variant.allCases {
        let result = best[variant]!
        report.add("\(variant.rawValue) ×\(callers)", "upstream calls", Double(result.upstreamCalls), "")
        report.add("\(variant.rawValue) ×\(callers)", "fan-out", result.fanOut.milliseconds, "ms")
        report.add("\(variant.rawValue) ×\(callers)", "whole burst", result.total.milliseconds, "ms")
        fanOut[variant, default: [:]][callers] = result.fanOut.seconds
        burst[variant, default: [:]][callers] = result.total.seconds
      }
    }
    let large = sizes.last!, small = sizes.first!
    let growth = Double(large) / Double(small)
    for variant in [Variant.singleFlight, .cache] {
      // The bare resume floor knows no cancellation; an owner must (S2), so the floor that
      // also registers a cancellation handler is the one held to 1.2×. The bare one is shown.
      report.notes.append(
        "\(variant.rawValue)/bare floor fan-out ×\(large) = \(format(fanOut[variant]![large]! / fanOut[.floor]![large]!)) "
          + "(for reference: the bare floor cannot be cancelled)")
      report.ratio(
        "\(variant.rawValue)/floor for S2 fan-out ×\(large)",
        fanOut[variant]![large]! / fanOut[.cancellableFloor]![large]!,
        atMost: 1.2)
      report.ratio(
        "\(variant.rawValue)/naive whole burst ×\(large)", burst[variant]![large]! / burst[.naiveActor]![large]!,
        atMost: 1.5)
      let scaling = fanOut[variant]![large]! / fanOut[variant]![small]!
      // Linear means time grows with callers: at most 1.5× the growth in callers.
      report.ratio(
        "\(variant.rawValue) fan-out ×\(large)/×\(small) (callers ×\(format(growth)))", scaling, atMost: growth * 1.5)
    }
    report.notes.append(
      "for reference: naive/floor fan-out ×\(large) = \(format(fanOut[.naiveActor]![large]! / fanOut[.floor]![large]!)), "
        + "floor/naive whole burst = \(format(burst[.floor]![large]! / burst[.naiveActor]![large]!)), "
        + "random order/floor fan-out = \(format(fanOut[.shuffledFloor]![large]! / fanOut[.floor]![large]!)), "
        + "floor for S2/floor fan-out = \(format(fanOut[.cancellableFloor]![large]! / fanOut[.floor]![large]!)); "
        + "best of \(repetitions) runs each")
    return report
  }

  enum Variant: String, CaseIterable {
    case singleFlight = "SingleFlight"
    case cache = "Cache"
    case naiveActor = "naive actor"
    /// The floor: stored continuations resumed from one loop, with no other bookkeeping.
    case floor = "continuations (floor)"
    /// The floor resumed in a random order, as a dictionary of waiters hands them back.
    case shuffledFloor = "continuations, random order"
    /// The floor with the cancellation handler every caller of an owner waits in (rule S2).
    case cancellableFloor = "continuations in a cancellation handler (floor for S2)"
  }

  struct Result {
    var upstreamCalls: Int
    var fanOut: Duration
    /// From the first caller starting to the last one resuming.
    var total: Duration

    /// Each figure at its best of the two runs.
    func best(with other: Result) -> Result {
      Result(
        upstreamCalls: max(upstreamCalls, other.upstreamCalls), fanOut: min(fanOut, other.fanOut),
        total: min(total, other.total))
    }
  }

  /// Starts `callers` tasks that ask for one key, lets the upstream answer once all of them
  /// wait, and times from the answer to the last caller resuming.
  ///
  /// The callers are independent tasks, as screens asking at once are. Children of one task
  /// group would time the group instead: the runtime unlinks each finished child from a list
  /// of thousands, which took 80% of the CPU of a burst of 10,000 here.
  static func measure(_ variant: Variant, callers: Int) async -> Result {
    let probe = Probe(callers: callers)
    let flight = SingleFlight<Int, Int>()
    let cache = Cache<Int, Int>()
    let naive = NaiveCoalescer()
    let floor = StoredContinuations()
    let shuffledFloor = StoredContinuations(shuffles: true)
    let cancellableFloor = StoredContinuations(cancellable: true)
    let upstream: @Sendable () async throws -> Int = { try await probe.upstream() }
    let ask: @Sendable () async -> Int? = {
      switch variant {
      case .singleFlight: return try? await flight.run(1, operation: upstream)
      case .cache: return try? await cache.value(for: 1, load: upstream)
      case .naiveActor: return try? await naive.value(upstream)
      case .floor: return try? await floor.value(upstream)
      case .shuffledFloor: return try? await shuffledFloor.value(upstream)
      case .cancellableFloor: return try? await cancellableFloor.value(upstream)
      }
    }
    let start = Measure.clock.now
    for _ in 0..<callers { startCaller(probe, ask) }
    await probe.waitUntilAllResumed()
    return Result(
      upstreamCalls: probe.upstreamCalls, fanOut: probe.fanOut, total: start.duration(to: Measure.clock.now))
  }

  /// One caller, in a task of its own off the main actor.
  static func startCaller(_ probe: Probe, _ ask: @escaping @Sendable () async -> Int?) {
    Task { @concurrent in
      probe.arrived()
      probe.resumed(await ask())
    }
  }
}

/// The storage of a naive coalescer: one stored task, every caller awaiting its value.
actor NaiveCoalescer {
  private var task: Task<Int, any Error>?

  func value(_ operation: @escaping @Sendable () async throws -> Int) async throws -> Int {
    if let task { return try await task.value }
    let task = Task { try await operation() }
    self.task = task
    return try await task.value
  }
}

/// Counts arrivals and upstream calls, and records when the upstream answered and when the
/// last caller resumed.
final class Probe: Sendable {
  private struct State {
    var arrived = 0
    var upstreamCalls = 0
    var answeredAt: ContinuousClock.Instant?
    var lastResumedAt: ContinuousClock.Instant?
    var gate: CheckedContinuation<Void, Never>?
    var resumed = 0
    var allResumed: CheckedContinuation<Void, Never>?
  }

  private let callers: Int
  private let state = LockedState(State())

  init(callers: Int) { self.callers = callers }

  func arrived() {
    let gate = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.arrived += 1
      guard state.arrived == callers else { return nil }
      defer { state.gate = nil }
      return state.gate
    }
    gate?.resume()
  }

  /// Waits until every caller has arrived, plus a moment for the last to register, then answers.
  func upstream() async throws -> Int {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        state.upstreamCalls += 1
        if state.arrived >= callers { return true }
        state.gate = continuation
        return false
      }
      if ready { continuation.resume() }
    }
    // The last caller counted itself just before calling; let it reach its waiting point.
    try await Task.sleep(for: .milliseconds(20))
    state.withLock { $0.answeredAt = Measure.clock.now }
    return 42
  }

  func resumed(_ value: Int?) {
    let now = Measure.clock.now
    let done = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.lastResumedAt.map({ now > $0 }) ?? true { state.lastResumedAt = now }
      state.resumed += 1
      guard state.resumed == callers else { return nil }
      defer { state.allResumed = nil }
      return state.allResumed
    }
    done?.resume()
  }

  /// Suspends until every caller has resumed.
  func waitUntilAllResumed() async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> Bool in
        guard state.resumed < callers else { return true }
        state.allResumed = continuation
        return false
      }
      if done { continuation.resume() }
    }
  }

  var upstreamCalls: Int { state.withLock { $0.upstreamCalls } }

  var fanOut: Duration {
    state.withLock { state in
      guard let answered = state.answeredAt, let last = state.lastResumedAt else { return .zero }
      return answered.duration(to: last)
    }
  }
}
