@testable import Custody

/// Random `SingleFlight` calls, `forget`s and cancellations over a few keys.
final class SingleFlightSoak: Sendable {
  static let keys = 0...7
  let flight = SingleFlight<Int, Stamped>()
  let upstream: KeyedUpstream
  private let report: SoakReport

  init(report: SoakReport) {
    self.report = report
    upstream = KeyedUpstream(name: "single-flight", report: report)
  }

  func step(_ rng: inout SplitMix64) async {
    report.begin(.singleFlight)
    defer { report.end(.singleFlight) }
    let key = rng.int(in: Self.keys)
    if rng.chance(10) {
      upstream.detaching([key], raisesFloor: false) { _ in flight.forget(key) }
    } else {
      let behavior = SoakBehavior.random(&rng)
      let cancelAfter = rng.chance(12) ? rng.int(in: 0...4) : nil
      let epoch = upstream.epoch(of: key)
      let cancel: (() -> Void) -> Void = { [upstream] cancel in
        upstream.detaching([key], raisesFloor: false) { _ in cancel() }
      }
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter, cancel: cancel) { [flight, upstream] in
        try await flight.run(key) { try await upstream.call(key, since: epoch, behavior: behavior) }
      }
      report.judge(result, cancelled: cancelled, "single-flight run(\(key))") { $0.key == key ? nil : "wrong key" }
    }
    let attached = flight.inFlightCount
    report.check(attached <= Self.keys.count, "single-flight: \(attached) keys in flight, more than keys exist")
  }

  /// Every caller has returned, so no key may still be attached to an operation.
  func checkQuiescent() async throws {
    try await upstream.waitUntilIdle()
    report.check(flight.inFlightCount == 0, "single-flight: \(flight.inFlightCount) keys still in flight")
  }
}
