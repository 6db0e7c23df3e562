import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// A list that starts deep in the catalog, as `storefront products --skip 300` asks for.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CatalogWindowTests {
  @Test func aWindowDeepInTheCatalogIsOneRequestForThatWindow() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, pageSize: 5)
    let catalog = CatalogViewModel(environment: bed.environment, skip: 300)

    let starting = Task { await catalog.start() }
    let request = try await service.pages.waitForCalls(1)[0]
    request.resolve(.of(301...305, total: 400))
    await starting.value

    #expect(request.input == ProductQuery(limit: 5, skip: 300))
    #expect(service.pages.callCount == 1)
    #expect(catalog.state.value?.ids == Array(301...305))
    #expect(catalog.state.value?.total == 400)
  }

  @Test func theNextPageOfAWindowFollowsIt() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, pageSize: 5)
    let catalog = CatalogViewModel(environment: bed.environment, skip: 300)
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(301...305, total: 400))
    await starting.value

    let loading = Task { await catalog.loadMore() }
    let next = try await service.pages.waitForCalls(2)[1]
    next.resolve(.of(306...310, total: 400))
    await loading.value

    #expect(next.input == ProductQuery(limit: 5, skip: 305))
    #expect(catalog.state.value?.ids == Array(301...310))
  }

  @Test func aWindowIsNotSavedAsTheCatalogsFirstPage() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, pageSize: 5)
    let catalog = CatalogViewModel(environment: bed.environment, skip: 300)
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(301...305, total: 400))
    await starting.value

    #expect(bed.environment.offlineCatalog.snapshot == nil)
  }
}
