import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// The environment's inspector watches every owner of the app, each under its own name, with
/// keys a person can read.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct InspectedOwnersTests {
  @Test func everyOwnerReportsUnderItsNameWithReadableKeys() async throws {
    let inspector = TestInspector()
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, inspector: inspector)
    let catalog = CatalogViewModel(environment: bed.environment)
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(1...3, total: 9))
    await starting.value

    let first = ProductDetailViewModel(productID: 2, environment: bed.environment)
    let second = ProductDetailViewModel(productID: 2, environment: bed.environment)
    let loadingFirst = Task { await first.load() }
    let loadingSecond = Task { await second.load() }
    try await inspector.waitForWaiters(2, on: 2, owner: "products")
    try await service.details.waitForCalls(1)[0].resolve(.sample(2))
    await loadingFirst.value
    await loadingSecond.value
    let searching = Task { try await bed.environment.repository.search("  Pho ") }
    try await service.searches.waitForCalls(1)[0].resolve(.of(1...1, total: 1))
    _ = try await searching.value
    try await bed.environment.favorites.setFavorite(true, for: 2)

    let names = Set(inspector.recording.owners.map(\.owner.name))
    let expected: Set = ["catalog feed", "products", "searches", "favourites", "favourites file", "offline page"]
    #expect(expected.isSubset(of: names), "\(names)")
    #expect(names.contains("product screen"))
    let products = try #require(inspector.recording.activity(of: "products"))
    #expect(products.counters.started == 1, "two screens, one request")
    #expect(products.counters.joins == 1)
    let keys = Set(inspector.events.compactMap { $0.key?.description })
    #expect(keys.contains("/products/2"))
    #expect(keys.contains("search \"pho\""))
    #expect(inspector.recording.activity(of: "favourites file")?.counters.writes == 1)
    let toggle = inspector.events.filter { $0.owner.name == "favourites" }.map(\.kind)
    #expect(toggle == [.committed, .layerAdded, .writeCommitted, .committed], "the file's set, then the toggle")
    #expect(keys.contains("favorites.json"))
  }
}
