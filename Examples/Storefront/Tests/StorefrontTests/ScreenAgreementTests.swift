import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// A change made on one screen shows on the others.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct ScreenAgreementTests {
  @Test func aFavouriteToggledOnTheDetailScreenShowsOnTheCatalog() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let observing = Task { await catalog.observeChanges() }
    try await waitUntil("the catalog to observe changes") { catalog.isObservingChanges }
    let detail = ProductDetailViewModel(productID: 2, environment: bed.environment)

    await detail.toggleFavorite()

    #expect(detail.isFavorite)
    try await waitUntil("the catalog to show product 2 as a favorite") { catalog.favorites == [2] }
    await detail.toggleFavorite()
    try await waitUntil("the catalog to show no favorites") { catalog.favorites.isEmpty }
    observing.cancel()
    await observing.value
    #expect(catalog.isObservingChanges == false)
  }

  @Test func anEditSavedShowsEverywhere() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let observing = Task { await catalog.observeChanges() }
    try await waitUntil("the catalog to observe changes") { catalog.isObservingChanges }
    let detail = ProductDetailViewModel(productID: 2, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(2, "Product 2", price: 10))
    await loading.value

    let editor = try #require(detail.makeEditor())
    editor.title = "Renamed"
    editor.priceText = "12.50"
    let saving = Task { await detail.save(editor) }
    let update = try await service.updates.waitForCalls(1)[0]
    #expect(detail.isSaving)
    let saved = Product.sample(2, "Renamed", price: 12.5)
    update.resolve(saved)

    #expect(await saving.value)
    #expect(update.input == .init(id: 2, changes: ProductChanges(title: "Renamed", price: 12.5)))
    #expect(detail.state == .loaded(saved))
    #expect(detail.isSaving == false)
    #expect(bed.environment.repository.cachedProduct(id: 2) == saved)
    try await waitUntil("the catalog to show product 2 renamed") {
      catalog.state.value?.products.first { $0.id == 2 }?.title == "Renamed"
    }
    #expect(catalog.state.value?.products.map(\.title) == ["Product 1", "Renamed", "Product 3"])
    #expect(catalog.state.value?.sections.flatMap(\.products).map(\.title) == ["Product 1", "Renamed", "Product 3"])
    observing.cancel()
    await observing.value
  }
}

extension ScreenAgreementTests {
  @Test func aSavedEditSurvivesTheNextPage() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let observing = Task { await catalog.observeChanges() }
    try await waitUntil("the catalog to observe changes") { catalog.isObservingChanges }

    let loadingMore = Task { await catalog.loadMore() }
    let page = try await service.pages.waitForCalls(2)[1]
    try await Self.rename(2, to: "Renamed", in: bed, service)  // saved while the next page loads
    try await waitUntil("the catalog to show product 2 renamed") {
      catalog.state.value?.products.first { $0.id == 2 }?.title == "Renamed"
    }
    page.resolve(.of(4...6, total: 9))
    await loadingMore.value

    #expect(catalog.state.value?.ids == Array(1...6))
    #expect(catalog.state.value?.products[1].title == "Renamed")

    let next = Task { await catalog.loadMore() }
    try await service.pages.waitForCalls(3)[2].resolve(.of(7...9, total: 9))
    await next.value
    #expect(catalog.state.value?.ids == Array(1...9))
    #expect(catalog.state.value?.products[1].title == "Renamed")
    observing.cancel()
    await observing.value
  }

  /// Saves a new title for product `id` through its detail screen, the first detail request and
  /// the first update of `service`.
  static func rename(_ id: Product.ID, to title: String, in bed: TestBed, _ service: FakeProductService) async throws {
    let detail = ProductDetailViewModel(productID: id, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(id))
    await loading.value
    let editor = try #require(detail.makeEditor())
    editor.title = title
    let saving = Task { await detail.save(editor) }
    try await service.updates.waitForCalls(1)[0].resolve(.sample(id, title))
    try #require(await saving.value)
  }
}
