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
/// The idle floor is the heartbeat with nothing else running, measured in the same run.
@MainActor
enum StallScenario {
  static func run(quick: Bool) async -> ScenarioReport {
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

    record(&report, "idle floor", idle)

    let naive = NaiveCatalogModel(client: backend.makeClient(), count: count)
    let a = await measure { try await naive.refresh() }
    record(&report, "A main-actor decode", a)

    let pipeline = PipelineCatalogModel(client: backend.makeClient(), count: count)
    let b = await measure { try await pipeline.refresh() }
    record(&report, "B @concurrent pipeline", b)

    let c = await measureShipped(backend: backend, count: count)
    record(&report, "C CatalogViewModel", c)

    let floor = max(idle.report.maxLateness.seconds, 1e-4)
    let cMax = max(c.report.maxLateness.seconds, 1e-4)
    report.ratio("C worst stall / idle worst", cMax / floor, atMost: 2)
    report.ratio("A worst stall / C worst", a.report.maxLateness.seconds / cMax, atLeast: 300)
    report.ratio("B worst stall / C worst", b.report.maxLateness.seconds / cMax, atLeast: 20)
    return report
  }

  struct Run {
    var wall: Duration
    var report: MainActorStallMeter.Report
  }

  static func record(_ report: inout ScenarioReport, _ variant: String, _ run: Run) {
    report.add(variant, "wall", run.wall.milliseconds, "ms")
    report.add(variant, "max lateness", run.report.maxLateness.milliseconds, "ms")
    report.add(variant, "p99 lateness", run.report.p99Lateness.milliseconds, "ms")
  }

  /// Loads once (so there is a list to replace), then measures a refresh.
  static func measure(_ refresh: @MainActor () async throws -> Void) async -> Run {
    try? await refresh()
    let meter = MainActorStallMeter()
    meter.start()
    await meter.waitForTicks(5)
    let start = Measure.clock.now
    try? await refresh()
    let wall = start.duration(to: Measure.clock.now)
    await meter.waitForTicks(meter.tickCount + 5)  // a late tick lands after the work
    return Run(wall: wall, report: meter.stop())
  }

  static func measureIdle(for duration: Duration) async -> Run {
    let meter = MainActorStallMeter()
    meter.start()
    try? await Task.sleep(for: duration)
    return Run(wall: duration, report: meter.stop())
  }

  static func measureShipped(backend: EmbeddedBackend, count: Int) async -> Run {
    let directory = FileManager.default.temporaryDirectory.appending(path: "custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = StorefrontConfiguration(
      baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: directory, pageSize: count)
    guard let environment = try? await StorefrontEnvironment.open(configuration) else {
      return Run(wall: .zero, report: .init(latenesses: []))
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

/// Variant A: everything after the `await` runs on the main actor.
@MainActor
final class NaiveCatalogModel {
  private(set) var products: [Product] = []
  private(set) var sections: [CatalogSection] = []
  private let client: HTTPClient
  private let count: Int

  init(client: HTTPClient, count: Int) {
    self.client = client
    self.count = count
  }

  func refresh() async throws {
    let response = try await client.response(for: StallScenario.everything(count))
    let list = try JSONDecoder().decode(ProductListDTO.self, from: response.body)
    let sorted = list.products.map { $0.model() }.sorted { $0.price < $1.price }
    var groups: [String: [Product]] = [:]
    for product in sorted { groups[product.category, default: []].append(product) }
    products = sorted
    sections = groups.keys.sorted().map { CatalogSection(category: $0, products: groups[$0] ?? []) }
  }
}

/// Variant B: the work runs in a `@concurrent` pipeline; the result is assigned plainly, so
/// the previous screen is freed on the main actor.
@MainActor
final class PipelineCatalogModel {
  private(set) var screen = CatalogScreen()
  private let client: HTTPClient
  private let count: Int

  init(client: HTTPClient, count: Int) {
    self.client = client
    self.count = count
  }

  func refresh() async throws {
    let response = try await client.response(for: StallScenario.everything(count))
    screen = try await Self.screen(from: response.body)
  }

  @concurrent static func screen(from body: Data) async throws -> CatalogScreen {
    let list = try JSONDecoder().decode(ProductListDTO.self, from: body)
    let sorted = await CatalogPipeline.sorted(list.products.map { $0.model() }, by: ProductSort(.price))
    let slice = CatalogSlice(products: sorted, hasMore: false, total: list.total)
    return await CatalogPipeline.screen(for: slice, sort: ProductSort(.price))
  }
}
