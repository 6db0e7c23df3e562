import Custody
import CustodyHTTP
import Foundation
import TestSupport
import Testing

@testable import Storefront

/// Screen states replaced on the main actor are freed off it. Only where the release happens is
/// asserted; how long it takes is left to the benchmarks.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct MainActorCommitTests {
  /// A catalog screen's stand-in: products, plus a probe that reports where it is freed.
  struct ProbedScreen: Sendable {
    var products: [Product]
    let probe: ReleaseProbe
  }

  init() { MainQueue.mark() }

  @Test func theProbeSeesAReleaseOnTheMainActor() async throws {
    // The control: proves the probe tells the main actor apart.
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))
    state = .idle
    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [true])
    #expect(state.value == nil)
  }

  @Test func aNewPageFreesTheScreenItReplacesOffTheMainActor() async throws {
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))

    state.show(ProbedScreen(products: [.sample(2)], probe: ReleaseProbe(ReleaseLog())))

    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
    #expect(state.value?.products == [.sample(2)])
  }

  @Test func aListingThatReplacesTheOneShownFreesItOffTheMainActor() async throws {
    let log = ReleaseLog()
    let pager = QueryPager<Int, Int, ProbedRow, Void>(query: 0, first: 0) { query, _ in
      Page(items: [ProbedRow(id: 1, probe: ReleaseProbe(query == 0 ? log : ReleaseLog()))], next: nil)
    }
    var shown = try await pager.loadFirstPage()
    #expect(shown.pagedItems.map(\.id) == [1])

    shown = try await pager.setQuery(1)  // the rows a screen showed are replaced here

    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
    #expect(shown.pagedItems.count == 1)
  }

  @Test func anEmptiedSearchFreesItsResultsOffTheMainActor() async throws {
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))

    state.clear()

    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
    #expect(state.value == nil)
  }

  @Test func goingBackFreesTheCatalogOffTheMainActor() async throws {
    let log = ReleaseLog()
    let folder = FileManager.default.temporaryDirectory.appending(path: "storefront-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var catalog: CatalogViewModel? = try await Self.openCatalog(in: folder, probe: ReleaseProbe(log))
    await catalog?.start()
    #expect(catalog?.state.value?.products.count == 3)

    catalog = nil  // the screen goes away: the view model's last reference drops here

    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
  }

  /// A row that carries a probe.
  struct ProbedRow: Identifiable, Sendable {
    let id: Int
    let probe: ReleaseProbe
  }

  /// A catalog over a service whose last copy, held by the catalog's feed, carries `probe`.
  static func openCatalog(in folder: URL, probe: ReleaseProbe) async throws -> CatalogViewModel {
    let configuration = StorefrontConfiguration(
      baseURL: testBaseURL, transport: InProcessTransport { _ in throw HTTPError.offline(reason: "not used") },
      dataDirectory: folder, retry: nil)
    let environment = try await StorefrontEnvironment.open(
      configuration, products: ProbedProductService(probe: probe), auth: FakeAuthService())
    return CatalogViewModel(environment: environment)
  }

  /// Lists three products on every page; its copies share one probe.
  struct ProbedProductService: ProductService {
    let probe: ReleaseProbe

    func products(_ query: ProductQuery) async throws -> ProductPage { .of(1...3, total: 3) }
    func search(_ text: String, limit: Int, skip: Int) async throws -> ProductPage { .of(1...3, total: 3) }
    func product(id: Product.ID) async throws -> Product { .sample(id) }
    func categories() async throws -> [ProductCategory] { [] }
    func update(id: Product.ID, changes: ProductChanges) async throws -> Product { .sample(id) }
  }
}
