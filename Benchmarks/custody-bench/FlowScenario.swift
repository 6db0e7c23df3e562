import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures

/// `flow`: the seeds' baseline, scripted. Through Storefront's `CatalogViewModel` on the
/// embedded backend: open the list, pull to refresh ten times, go back. Once with pages of the
/// default size and once with one page of 10,000 products.
///
/// Reports the median and p90 refresh duration and what the main actor went through meanwhile,
/// with a 1 ms heartbeat on it: the worst and 99th-percentile lateness, and the main actor's
/// blocked time: every tick's lateness beyond 1 ms, summed. Decoding, sorting, grouping or
/// freeing a list of thousands on the main actor blocks it for milliseconds at a time (decoding
/// one refresh's body, timed off the main actor, is shown for scale), so the blocked time bounds
/// that work from above; the rest of it is the kernel giving the main actor no core. Going back
/// drops the screen on the main actor; that is timed too, as freeing a screen there is what
/// `BackgroundRelease` exists to avoid.
@MainActor
enum FlowScenario {
  static let refreshes = 10

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("flow")
    let large = quick ? 2_000 : 10_000
    // `nil`: the page size the app uses by default, over the backend's default catalog.
    let variants: [(name: String, pageSize: Int?, productCount: Int)] = [
      ("default pages", nil, 200), ("\(format(Double(large))) products", large, large),
    ]
    for (name, pageSize, productCount) in variants {
      guard let result = await measure(pageSize: pageSize, productCount: productCount) else {
        report.notes.append("\(name): could not open the embedded backend or the environment")
        continue
      }
      let variant = "\(name) (\(result.pageSize) per page)"
      report.add(variant, "refresh median", result.refresh.percentile(0.5).milliseconds, "ms")
      report.add(variant, "refresh p90", result.refresh.percentile(0.9).milliseconds, "ms")
      report.add(variant, "main actor worst lateness", result.heartbeat.maxLateness.milliseconds, "ms")
      report.add(variant, "main actor p99 lateness", result.heartbeat.p99Lateness.milliseconds, "ms")
      report.add(variant, "main actor blocked (lateness beyond 1 ms, summed)", result.blocked.milliseconds, "ms")
      report.add(variant, "go back (free the screen)", result.goBack.milliseconds, "ms")
      report.add(variant, "decode of one refresh, off the main actor", result.decode.milliseconds, "ms")
      report.ratio("\(name): go back, ms on the main actor", result.goBack.milliseconds, atMost: 1)
    }
    return report
  }

  struct Result {
    var pageSize: Int
    var refresh: Sample
    var heartbeat: MainActorStallMeter.Report
    /// Decoding the refresh's body once, for scale.
    var decode: Duration
    var goBack: Duration

    var blocked: Duration {
      heartbeat.latenesses.reduce(.zero) { $0 + max($1 - .milliseconds(1), .zero) }
    }
  }

  static func measure(pageSize: Int?, productCount: Int) async -> Result? {
    guard let backend = await StallScenario.makeBackend(.init(productCount: productCount)) else { return nil }
    let directory = FileManager.default.temporaryDirectory.appending(path: "custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = StorefrontConfiguration(
      baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: directory)
    if let pageSize { configuration.pageSize = pageSize }
    guard let environment = try? await StorefrontEnvironment.open(configuration) else { return nil }

    var catalog: CatalogViewModel? = CatalogViewModel(environment: environment)
    await catalog?.start()
    var durations: [Duration] = []
    let meter = MainActorStallMeter()
    meter.start()
    for _ in 0..<refreshes {
      let start = Measure.clock.now
      await catalog?.refresh()
      durations.append(start.duration(to: Measure.clock.now))
    }
    try? await meter.waitForTicks(meter.tickCount + 2)  // a late tick lands after the work
    let heartbeat = meter.stop()
    let start = Measure.clock.now
    catalog = nil
    let goBack = start.duration(to: Measure.clock.now)
    return Result(
      pageSize: configuration.pageSize, refresh: Sample(durations), heartbeat: heartbeat,
      decode: await decodeTime(backend, limit: configuration.pageSize), goBack: goBack)
  }

  /// The time to decode one page of `limit` products, off the main actor.
  @concurrent static func decodeTime(_ backend: EmbeddedBackend, limit: Int) async -> Duration {
    let endpoint = Endpoint<ProductListDTO>(path: "/products", query: [URLQueryItem(name: "limit", value: "\(limit)")])
    guard let body = try? await backend.makeClient().response(for: endpoint).body else { return .zero }
    return await Measure.best(repetitions: 3) { blackHole(try? JSONDecoder().decode(ProductListDTO.self, from: body)) }
  }
}

/// Durations with nearest-rank percentiles.
struct Sample {
  let sorted: [Duration]

  init(_ durations: [Duration]) { sorted = durations.sorted() }

  func percentile(_ fraction: Double) -> Duration {
    guard !sorted.isEmpty else { return .zero }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}
