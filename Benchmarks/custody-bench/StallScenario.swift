import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures

/// `stall`: a catalog refresh of many products while a heartbeat measures how late the main
/// actor runs. Three ways to write the screen, each refreshed over a previous list so the old
/// one must be freed:
/// - A: a `@MainActor` view model that decodes, sorts and groups after its `await`;
/// - B: decoding, sorting and grouping in a `@concurrent` pipeline, assigned plainly on the
///   main actor (which then frees the old list there);
/// - C: Storefront's `CatalogViewModel` as shipped.
///
/// Two floors, measured in the same run: the idle floor (the heartbeat with nothing else
/// running) and the loaded floor (the heartbeat while as many threads as C keeps busy do pure
/// arithmetic for as long as C's refresh takes). On a machine with few cores the kernel
/// time-slices the heartbeat with that work, so the loaded floor is what C is held to.
@MainActor
enum StallScenario {
  static func run(quick: Bool, plot: String? = nil) async -> ScenarioReport {
    var report = ScenarioReport("stall")
    let count = quick ? 10_000 : 100_000
    // The floor first, before anything large exists: what the main actor sees with no work.
    let idle = await measureIdle(for: .milliseconds(quick ? 300 : 1_000))
    let configuration = EmbeddedBackend.Configuration(productCount: count)
    guard let backend = await makeBackend(configuration) else {
      report.notes.append("could not start the embedded backend")
      return report
    }
    let bytes = (try? await backend.makeClient().response(for: everything(count)).body.count) ?? 0
    report.notes.append("\(count) products, \(format(Double(bytes) / 1e6)) MB of JSON per refresh")

    let naive = NaiveCatalogModel(client: backend.makeClient(), count: count)
    let a = await measure { try await naive.refresh() }
    let pipeline = PipelineCatalogModel(client: backend.makeClient(), count: count)
    let b = await measure { try await pipeline.refresh() }
    let c = await measureShipped(backend: backend, count: count)

    // The threads C keeps busy: its CPU time over its wall time, at least one, at most the cores.
    let busy = c.cpu.seconds / max(c.wall.seconds, 1e-6)
    let threads = min(max(Int(busy.rounded()), 1), ProcessInfo.processInfo.activeProcessorCount)
    let loaded = await measure(warmUp: false) { await CPUBurner.burn(threads: threads, for: c.wall) }
    report.notes.append("C kept \(format(busy)) cores busy; the loaded floor ran \(threads) thread(s) of arithmetic")

    let runs = [
      ("idle floor", idle), ("loaded floor", loaded), ("A main-actor decode", a),
      ("B @concurrent pipeline", b), ("C CatalogViewModel", c),
    ]
    for (variant, run) in runs { record(&report, variant, run) }

    let cMax = max(c.report.maxLateness.seconds, 1e-4)
    let floorMax = max(loaded.report.maxLateness.seconds, 1e-4)
    let floorP99 = max(loaded.report.p99Lateness.seconds, 1e-4)
    report.ratio("C worst / loaded floor worst", cMax / floorMax, atMost: 2)
    report.ratio("C p99 / loaded floor p99", c.report.p99Lateness.seconds / floorP99, atMost: 2)
    // The same two ratios on the main queue's own timer, which does not wake through the pool.
    report.ratio(
      "main queue timer: C worst / loaded floor worst",
      c.mainQueue.maxLateness.seconds / max(loaded.mainQueue.maxLateness.seconds, 1e-4), atMost: 2)
    report.ratio(
      "main queue timer: C p99 / loaded floor p99",
      c.mainQueue.p99Lateness.seconds / max(loaded.mainQueue.p99Lateness.seconds, 1e-4), atMost: 2)
    report.ratio("A worst / C worst", a.report.maxLateness.seconds / cMax, atLeast: 300)
    report.ratio("B worst / C worst", b.report.maxLateness.seconds / cMax, atLeast: 20)
    let idleMax = max(idle.report.maxLateness.seconds, 1e-4)
    report.notes.append("C worst / idle floor worst = \(format(cMax / idleMax)) (for reference, no target)")
    if cMax / floorMax <= 1.5 { report.notes.append("C worst / loaded floor worst meets the stretch target ≤ 1.5") }
    if let plot { StallPlot(runs: runs, interval: .milliseconds(1)).write(to: plot, into: &report) }
    return report
  }

  struct Run {
    var wall: Duration
    /// CPU time of the whole process during the measured work.
    var cpu: Duration
    var report: MainActorStallMeter.Report
    /// The main queue's own timer over the same time (see ``MainQueueHeartbeat``).
    var mainQueue = MainActorStallMeter.Report(latenesses: [])
  }

  static func record(_ report: inout ScenarioReport, _ variant: String, _ run: Run) {
    report.add(variant, "wall", run.wall.milliseconds, "ms")
    report.add(variant, "max lateness", run.report.maxLateness.milliseconds, "ms")
    report.add(variant, "p99 lateness", run.report.p99Lateness.milliseconds, "ms")
    report.add(variant, "main queue timer: max lateness", run.mainQueue.maxLateness.milliseconds, "ms")
    report.add(variant, "main queue timer: p99 lateness", run.mainQueue.p99Lateness.milliseconds, "ms")
  }

  /// Loads once (so there is a list to replace), then measures a refresh.
  static func measure(warmUp: Bool = true, _ refresh: @MainActor () async throws -> Void) async -> Run {
    if warmUp { try? await refresh() }
    // What an earlier run left behind (a list freed in the background) is not this run's work.
    await ProcessCPU.waitUntilQuiet()
    let meter = MainActorStallMeter()
    let mainQueue = MainQueueHeartbeat()
    meter.start()
    mainQueue.start()
    try? await meter.waitForTicks(5)
    let start = Measure.clock.now
    let cpu = ProcessCPU.now
    try? await refresh()
    let wall = start.duration(to: Measure.clock.now)
    let used = ProcessCPU.now - cpu
    try? await meter.waitForTicks(meter.tickCount + 5)  // a late tick lands after the work
    return Run(wall: wall, cpu: used, report: meter.stop(), mainQueue: .init(latenesses: mainQueue.stop()))
  }

  static func measureIdle(for duration: Duration) async -> Run {
    let meter = MainActorStallMeter()
    let mainQueue = MainQueueHeartbeat()
    meter.start()
    mainQueue.start()
    try? await Task.sleep(for: duration)
    return Run(wall: duration, cpu: .zero, report: meter.stop(), mainQueue: .init(latenesses: mainQueue.stop()))
  }

  static func measureShipped(backend: EmbeddedBackend, count: Int) async -> Run {
    let directory = FileManager.default.temporaryDirectory.appending(path: "custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = StorefrontConfiguration(
      baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: directory, pageSize: count)
    guard let environment = try? await StorefrontEnvironment.open(configuration) else {
      return Run(wall: .zero, cpu: .zero, report: .init(latenesses: []))
    }
    let catalog = CatalogViewModel(environment: environment, sort: ProductSort(.price))
    await catalog.start()
    return await measure { await catalog.refresh() }
  }

  @concurrent static func makeBackend(_ configuration: EmbeddedBackend.Configuration) async -> EmbeddedBackend? {
    try? EmbeddedBackend(configuration: configuration)
  }

  static func everything(_ count: Int) -> Endpoint<ProductListDTO> {
    Endpoint(path: "/products", query: [URLQueryItem(name: "limit", value: "0")])
  }
}
