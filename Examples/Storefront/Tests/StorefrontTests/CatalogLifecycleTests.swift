import Custody
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// The catalog screen as it appears, goes behind another screen, comes back and scrolls to its
/// end: what the SwiftUI view and the UIKit controller both rely on.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CatalogLifecycleTests {
  @Test func comingBackToTheCatalogKeepsEveryPageItLoaded() async throws {
    let backend = try EmbeddedBackend(configuration: EmbeddedBackend.Configuration(productCount: 90))
    let folder = TestBed.newFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: folder, pageSize: 30, retry: nil,
        now: { testNow }, clock: TestClock()))
    let lifecycle = CatalogLifecycle(model: CatalogViewModel(environment: environment))

    await lifecycle.appeared()
    await lifecycle.nextPageRowAppeared()
    #expect(lifecycle.model.state.value?.products.count == 60)
    let requests = backend.statistics.requestsByPath["/products"]
    await lifecycle.appeared()  // back from a product, or to the tab

    #expect(lifecycle.model.state.value?.products.count == 60, "pages 2+ stay")
    #expect(lifecycle.model.state.value?.ids == Array(1...60))
    #expect(backend.statistics.requestsByPath["/products"] == requests, "nothing is fetched again")
  }

  @Test func aStartThatWasCancelledLoadsWhenTheScreenAppearsAgain() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let lifecycle = CatalogLifecycle(model: CatalogViewModel(environment: bed.environment))

    let first = Task { await lifecycle.appeared() }
    try await service.pages.waitForCalls(1)
    first.cancel()  // the user left before the first page came
    await first.value
    let again = Task { await lifecycle.appeared() }
    try await service.pages.waitForCalls(2)[1].resolve(.of(1...3, total: 9))
    await again.value

    #expect(lifecycle.model.state.value?.ids == [1, 2, 3])
  }

  @Test func anEditSavedOnAScreenOnTopShowsWhenTheUserComesBack() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let lifecycle = CatalogLifecycle(model: CatalogViewModel(environment: bed.environment))
    let visible = Task { await lifecycle.appeared() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(1...3, total: 9))
    await visible.value
    try await waitUntil("the catalog to observe changes") { lifecycle.model.isObservingChanges }

    // The product screen is on top; the catalog's own tasks have ended.
    let saving = Task { try await bed.environment.repository.save(id: 2, changes: ProductChanges(title: "Renamed")) }
    try await service.updates.waitForCalls(1)[0].resolve(.sample(2, "Renamed"))
    _ = try await saving.value
    try await waitUntil("the catalog to show product 2 renamed") {
      lifecycle.model.state.value?.products[1].title == "Renamed"
    }

    await lifecycle.appeared()
    #expect(lifecycle.model.state.value?.products.map(\.title) == ["Product 1", "Renamed", "Product 3"])
    #expect(service.pages.callCount == 1)
  }

  @Test func aNextPageThatFailsIsAskedForAgainWhileItsRowStaysVisible() async throws {
    let service = FakeProductService()
    let clock = TestClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let lifecycle = CatalogLifecycle(model: catalog)

    let row = Task { await lifecycle.nextPageRowAppeared() }
    try await service.pages.waitForCalls(2)[1].fail(HTTPFailureStub.offline)
    try await clock.waitForSleepers(1)
    #expect(catalog.message == "You're offline. Check your connection and try again.")
    #expect(catalog.state.value?.ids == [1, 2, 3], "the rows stay")
    clock.advance(by: .seconds(2))
    try await service.pages.waitForCalls(3)[2].fail(HTTPFailureStub.offline)
    try await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    #expect(service.pages.callCount == 3, "the pause doubles after each failure")
    clock.advance(by: .seconds(2))
    let third = try await service.pages.waitForCalls(4)[3]
    #expect(third.input.skip == 3, "the same page again")
    third.resolve(.of(4...6, total: 9))
    await row.value

    #expect(catalog.state.value?.ids == Array(1...6))
    #expect(catalog.message == nil)
  }

  @Test func aRowThatGoesAwayStopsAskingAgain() async throws {
    let service = FakeProductService()
    let clock = TestClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let lifecycle = CatalogLifecycle(model: catalog)

    let row = Task { await lifecycle.nextPageRowAppeared() }
    try await service.pages.waitForCalls(2)[1].fail(HTTPFailureStub.offline)
    try await clock.waitForSleepers(1)
    row.cancel()  // scrolled away
    await row.value
    clock.advance(by: .seconds(600))

    #expect(service.pages.callCount == 2)
  }

  @Test func aNextPageRowShownDuringARefreshLoadsOnceTheRefreshEnds() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let lifecycle = CatalogLifecycle(model: catalog)
    let refreshing = Task { await catalog.refresh() }
    let refresh = try await service.pages.waitForCalls(2)[1]

    let during = lifecycle.paginationKey
    await lifecycle.nextPageRowAppeared()  // nothing to do while the first page loads
    #expect(service.pages.callCount == 2)
    refresh.resolve(.of(1...3, total: 9))
    await refreshing.value

    #expect(lifecycle.paginationKey != during, "the row's task runs again")
    let row = Task { await lifecycle.nextPageRowAppeared() }
    try await service.pages.waitForCalls(3)[2].resolve(.of(4...6, total: 9))
    await row.value
    #expect(catalog.state.value?.ids == Array(1...6))
  }

  @Test func aTableRowAtTheEndLoadsAgainEachTimeTheListGrowsWhileItShows() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let lifecycle = CatalogLifecycle(model: catalog)

    lifecycle.nextPageRow(isVisible: true)
    try await service.pages.waitForCalls(2)[1].resolve(.of(4...6, total: 9))
    try await waitUntil("the catalog to list 6 products") { catalog.state.value?.ids.count == 6 }
    lifecycle.listChanged()  // the table applied the longer list; its last row still shows
    try await service.pages.waitForCalls(3)[2].resolve(.of(7...9, total: 9))
    try await waitUntil("the catalog to list 9 products") { catalog.state.value?.ids.count == 9 }
    lifecycle.listChanged()
    lifecycle.screenDidDisappear()

    #expect(catalog.state.value?.ids == Array(1...9))
    #expect(service.pages.callCount == 3)
  }

  @Test func aTableScreenLeftDuringItsFirstLoadLoadsWhenItComesBack() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let lifecycle = CatalogLifecycle(model: CatalogViewModel(environment: bed.environment))

    lifecycle.screenWillAppear()
    let abandoned = try await service.pages.waitForCalls(1)[0]
    lifecycle.screenDidDisappear()
    try await abandoned.waitForCancellation()
    lifecycle.screenWillAppear()
    try await service.pages.waitForCalls(2)[1].resolve(.of(1...3, total: 9))
    try await waitUntil("the catalog to show a list") { lifecycle.model.state.value != nil }

    #expect(lifecycle.model.state.value?.ids == [1, 2, 3])
    #expect(lifecycle.model.message == nil)
  }
}
