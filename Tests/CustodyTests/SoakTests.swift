import Foundation
import Testing

@testable import Custody

/// Many tasks run random operations against every owner at once for a bounded time, over fakes
/// with random latency, failures and cancellations; invariants are checked after each operation
/// and once everything is at rest.
///
/// `swift test --filter Soak` runs it for about 30 s. `CUSTODY_SOAK_SECONDS` sets another
/// length, and the time limit grows with it; `CUSTODY_SOAK_SEED` replays the decisions of a run
/// (every failure names its seed). Cancelling the whole run (its time limit, or the runner
/// stopping) ends it where it is, and nothing an operation saw after that counts as a violation.
@Suite(.timeLimit(SoakSettings.fromEnvironment().timeLimit))
struct SoakTests {
  @Test func ownersKeepTheirRulesUnderRandomConcurrentUse() async throws {
    let settings = SoakSettings.fromEnvironment()
    print("Soak: seed \(settings.seedText), \(settings.duration) with \(settings.workers) tasks")
    let soak = try await Soak(settings: settings)
    let started = ContinuousClock.now
    await soak.run()
    let elapsed = started.duration(to: .now)
    if Task.isCancelled {
      print("Soak: cancelled after \(soak.report.totalEnded) operations; the run ends here and counts nothing after it")
      return
    }
    try await soak.settle()

    let report = soak.report
    for component in SoakComponent.allCases {
      let (began, ended) = (report.started(component), report.ended(component))
      #expect(
        began == ended, "\(component.rawValue): \(began) operations started, \(ended) ended (seed \(settings.seedText))"
      )
    }
    for violation in report.violations {
      Issue.record("\(violation) — replay with CUSTODY_SOAK_SEED=\(settings.seedText)")
    }
    if report.violationCount > SoakReport.keptViolations {
      Issue.record("\(report.violationCount - SoakReport.keptViolations) more violations (seed \(settings.seedText))")
    }
    print(soak.summary(elapsed: elapsed))
  }

  // A run cut short (its time limit, the runner stopping) ends at once and counts nothing as
  // broken: operations then fail with CancellationError because everything was cancelled.
  @Test func cancellingTheWholeRunEndsItWithoutViolations() async throws {
    var settings = SoakSettings.fromEnvironment()
    settings.duration = .seconds(600)
    let soak = try await Soak(settings: settings)
    let run = Task { await soak.run() }
    do {
      try await soak.report.waitForEnded(2_000)
    } catch {
      run.cancel()
      Issue.record("waited for 2,000 soak operations to end; saw \(soak.report.totalEnded)")
      return
    }
    run.cancel()
    await run.value
    #expect(soak.report.violationCount == 0, "\(soak.report.violations.prefix(3))")
    #expect(soak.report.totalEnded >= 2_000)
  }
}

/// The soak's owners, their fakes and its workers.
final class Soak: Sendable {
  let settings: SoakSettings
  let report = SoakReport()
  let cache: CacheSoak
  let singleFlight: SingleFlightSoak
  let pager: PagerSoak
  let tokens: TokenStoreSoak
  let files: FileStoreSoak

  init(settings: SoakSettings) async throws {
    self.settings = settings
    cache = CacheSoak(report: report)
    singleFlight = SingleFlightSoak(report: report)
    pager = PagerSoak(report: report, seed: settings.seed)
    tokens = TokenStoreSoak(report: report, seed: settings.seed)
    files = try await FileStoreSoak(report: report)
  }

  /// Runs every worker until the deadline; each finishes the operation it is in.
  func run() async {
    let deadline = ContinuousClock.now.advanced(by: settings.duration)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<settings.workers {
        group.addTask {
          var rng = SplitMix64(seed: self.settings.seed, stream: UInt64(worker))
          while ContinuousClock.now < deadline, !Task.isCancelled {
            await self.step(&rng, worker: worker)
          }
        }
      }
    }
  }

  private func step(_ rng: inout SplitMix64, worker: Int) async {
    switch rng.int(in: 0...99) {
    case 0..<35: await cache.step(&rng)
    case 35..<60: await singleFlight.step(&rng)
    case 60..<75: await pager.step(&rng)
    case 75..<92: await tokens.step(&rng, isSessionOwner: worker == 0)
    default: await files.step(&rng)
    }
  }

  /// Waits, without timing anything, until the fakes and owners are at rest, and checks them.
  func settle() async throws {
    try await cache.checkQuiescent()
    try await singleFlight.checkQuiescent()
    try await pager.checkQuiescent()
    try await tokens.checkQuiescent()
    await files.checkQuiescent()
  }

  func summary(elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let parts = SoakComponent.allCases.map { "\($0.rawValue) \(Self.grouped(report.ended($0)))" }
    let upstream = [
      "cache \(Self.grouped(cache.upstream.callCount))",
      "single-flight \(Self.grouped(singleFlight.upstream.callCount))",
      "pager \(Self.grouped(pager.upstreams.map(\.callCount).reduce(0, +)))",
      "refresh \(Self.grouped(tokens.refresher.callCount))",
    ]
    return "Soak: \(Self.grouped(report.totalEnded)) operations in \(String(format: "%.1f", seconds)) s "
      + "(seed \(settings.seedText), \(settings.workers) tasks): \(parts.joined(separator: ", ")); "
      + "upstream calls: \(upstream.joined(separator: ", ")); "
      + (report.violationCount == 0 ? "no invariant broken" : "\(report.violationCount) violations")
  }

  private static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    return ([Substring(digits)] + groups).joined(separator: ",")
  }
}
