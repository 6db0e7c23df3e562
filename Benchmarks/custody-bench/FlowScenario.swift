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
/// that work from above; the rest of it is the kernel giving the main actor no core. To tell
/// the two apart, the large variant has a loaded floor: the same heartbeat while as many threads
/// as the ten refreshes kept busy do pure arithmetic for as long as they took (as in `stall`).
/// What the refreshes block beyond that floor is theirs; the floor's share is the machine's. Going back
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
      record(&report, variant, result.heartbeats)
      report.add(variant, "go back (free the screen)", result.goBack.milliseconds, "ms")
      report.add(variant, "decode of one refresh, off the main actor", result.decode.milliseconds, "ms")
      report.add(
        variant, "decode of one refresh with JSONDecoder, for scale", result.decodeWithJSONDecoder.milliseconds, "ms")
      report.ratio("\(name): go back, ms on the main actor", result.goBack.milliseconds, atMost: 1)
      guard pageSize != nil else { continue }
      let floor = await loadedFloor(like: result)
      record(&report, "loaded floor for \(name) (\(floor.threads) thread(s) of arithmetic)", floor.heartbeats)
      // The refreshes keep a fractional number of cores busy, two at some moments: the floor
      // with every core busy bounds from above what the machine alone does to the main queue.
      let cores = ProcessInfo.processInfo.activeProcessorCount
      let everyCore = await loadedFloor(like: result, threads: cores)
      record(&report, "loaded floor, every core (\(cores) threads of arithmetic)", everyCore.heartbeats)
      let perRefresh = result.heartbeats.mainQueue.blocked / refreshes
      report.ratio("\(name): main queue blocked per refresh, ms", perRefresh.milliseconds, atMost: 8)
      let floorPerRefresh = floor.heartbeats.mainQueue.blocked / refreshes
      report.ratio(
        "\(name): main queue blocked per refresh beyond the loaded floor's, ms",
        max(perRefresh - floorPerRefresh, .zero).milliseconds, atMost: 8)
      report.ratio(
        "\(name): main queue worst tick / loaded floor's",
        result.heartbeats.mainQueue.maxLateness.seconds / max(floor.heartbeats.mainQueue.maxLateness.seconds, 1e-4),
        atMost: 1.5)
      report.notes.append(
        "\(name): main queue worst tick / the every-core floor's = "
          + format(
            result.heartbeats.mainQueue.maxLateness.seconds
              / max(everyCore.heartbeats.mainQueue.maxLateness.seconds, 1e-4)))
      report.notes.append(
        "\(name): the ten refreshes kept \(format(result.busyCores)) cores busy over "
          + "\(format(result.wall.milliseconds)) ms; stall meter blocked per refresh "
          + "\(format((result.heartbeats.stallMeter.blocked / refreshes).milliseconds)) ms, its loaded floor's "
          + "\(format((floor.heartbeats.stallMeter.blocked / refreshes).milliseconds)) ms")
    }
    return report
  }

  /// Both heartbeats of one run: the stall meter's, whose `Task.sleep` wakes on the cooperative
  /// pool before it hops to the main actor, and the main queue's own timer, late only when the
  /// main queue is busy or its thread has no core (see ``MainQueueHeartbeat``).
  struct Heartbeats {
    var stallMeter: MainActorStallMeter.Report
    var mainQueue: MainActorStallMeter.Report
  }

  static func record(_ report: inout ScenarioReport, _ variant: String, _ heartbeats: Heartbeats) {
    for (name, ticks) in [("main queue timer", heartbeats.mainQueue), ("stall meter", heartbeats.stallMeter)] {
      report.add(variant, "\(name): worst lateness", ticks.maxLateness.milliseconds, "ms")
      report.add(variant, "\(name): p99 lateness", ticks.p99Lateness.milliseconds, "ms")
      report.add(variant, "\(name): blocked (lateness beyond 1 ms, summed)", ticks.blocked.milliseconds, "ms")
    }
  }

  /// Runs `work` with both heartbeats ticking, and a few ticks before and after it.
  static func withHeartbeats<T>(_ work: () async -> T) async -> (T, Heartbeats) {
    await ProcessCPU.waitUntilQuiet()
    let meter = MainActorStallMeter()
    let mainQueue = MainQueueHeartbeat()
    meter.start()
    mainQueue.start()
    try? await meter.waitForTicks(5)
    let value = await work()
    try? await meter.waitForTicks(meter.tickCount + 2)  // a late tick lands after the work
    let heartbeats = Heartbeats(stallMeter: meter.stop(), mainQueue: .init(latenesses: mainQueue.stop()))
    return (value, heartbeats)
  }

  /// The heartbeats while threads do pure arithmetic for as long as the refreshes of `result`
  /// took: by default as many threads as those refreshes kept busy, at least one, at most the
  /// cores.
  static func loadedFloor(like result: Result, threads: Int? = nil) async -> (threads: Int, heartbeats: Heartbeats) {
    let threads =
      threads ?? min(max(Int(result.busyCores.rounded()), 1), ProcessInfo.processInfo.activeProcessorCount)
    let (_, heartbeats) = await withHeartbeats { await CPUBurner.burn(threads: threads, for: result.wall) }
    return (threads, heartbeats)
  }

  struct Result {
    var pageSize: Int
    var refresh: Sample
    var heartbeats: Heartbeats
    /// Decoding the refresh's body once, as the app does, for scale.
    var decode: Duration
    var decodeWithJSONDecoder: Duration
    var goBack: Duration
    /// The ten refreshes' wall time, and the process's CPU time meanwhile.
    var wall: Duration
    var cpu: Duration
    var busyCores: Double { cpu.seconds / max(wall.seconds, 1e-6) }
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
    let (refreshed, heartbeats) = await withHeartbeats { () -> (wall: Duration, cpu: Duration) in
      let cpu = ProcessCPU.now
      let wall = Measure.clock.now
      for _ in 0..<refreshes {
        let start = Measure.clock.now
        await catalog?.refresh()
        durations.append(start.duration(to: Measure.clock.now))
      }
      return (wall.duration(to: Measure.clock.now), ProcessCPU.now - cpu)
    }
    let start = Measure.clock.now
    catalog = nil
    let goBack = start.duration(to: Measure.clock.now)
    let decode = await decodeTimes(backend, limit: configuration.pageSize)
    return Result(
      pageSize: configuration.pageSize, refresh: Sample(durations), heartbeats: heartbeats, decode: decode.pipeline,
      decodeWithJSONDecoder: decode.jsonDecoder, goBack: goBack, wall: refreshed.wall, cpu: refreshed.cpu)
  }

  /// The time to decode one page of `limit` products off the main actor, as the app does
  /// (`ProductListDecoding`) and with `JSONDecoder`.
  @concurrent static func decodeTimes(
    _ backend: EmbeddedBackend, limit: Int
  ) async -> (pipeline: Duration, jsonDecoder: Duration) {
    let endpoint = Endpoint<ProductListDTO>(path: "/products", query: [URLQueryItem(name: "limit", value: "\(limit)")])
    guard let body = try? await backend.makeClient().response(for: endpoint).body else { return (.zero, .zero) }
    let pipeline = await Measure.best(repetitions: 3) { blackHole(try? await ProductListDecoding.page(from: body)) }
    let jsonDecoder = await Measure.best(repetitions: 3) {
      blackHole(try? JSONDecoder().decode(ProductListDTO.self, from: body))
    }
    return (pipeline, jsonDecoder)
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

extension MainActorStallMeter.Report {
  /// Every tick's lateness beyond 1 ms, summed: how long the main actor could not run.
  var blocked: Duration { latenesses.reduce(.zero) { $0 + max($1 - .milliseconds(1), .zero) } }
}
