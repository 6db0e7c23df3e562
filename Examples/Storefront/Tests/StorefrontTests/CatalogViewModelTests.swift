import Custody
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// What the catalog screen shows when loads overlap, are cancelled or change order.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CatalogViewModelTests {
  @Test func aRefreshThatFinishesBeforeTheInitialLoadIsShown() async throws {
    let service = FakeProductService(lateAnswers: true)
    let bed = try await TestBed.fakes(products: service)
    let catalog = CatalogViewModel(environment: bed.environment)

    let starting = Task { await catalog.start() }
    let initial = try await service.pages.waitForCalls(1)[0]
    let refreshing = Task { await catalog.refresh() }
    let refresh = try await service.pages.waitForCalls(2)[1]
    refresh.resolve(.of(1...3, total: 9, title: { "Fresh \($0)" }))
    await refreshing.value
    initial.resolve(.of(1...3, total: 9, title: { "Stale \($0)" }))  // answered last
    await starting.value

    #expect(catalog.state.value?.products.map(\.title) == ["Fresh 1", "Fresh 2", "Fresh 3"])
    #expect(catalog.state.isLoading == false)
    #expect(catalog.message == nil)
  }

  @Test func aCancelledLoadLeavesTheScreenAsItWas() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = CatalogViewModel(environment: bed.environment)
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(1...3, total: 9))
    await starting.value
    let shown = catalog.state

    let refreshing = Task { await catalog.refresh() }
    let refresh = try await service.pages.waitForCalls(2)[1]
    refreshing.cancel()
    await refreshing.value

    #expect(refresh.isCancelled)
    #expect(catalog.state == shown)
    #expect(catalog.message == nil)
  }

  @Test func aCancelledFirstLoadShowsNothingAndNoFailure() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = CatalogViewModel(environment: bed.environment)

    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)
    starting.cancel()
    await starting.value

    #expect(catalog.state == .idle)
    #expect(catalog.message == nil)
  }

  @Test func twoLoadMoreTriggersMakeOneRequest() async throws {
    let service = FakeProductService()
    let inspector = TestInspector()
    let bed = try await TestBed.fakes(products: service, inspector: inspector)
    let catalog = try await Self.started(bed, service)

    let first = Task { await catalog.loadMore() }
    let request = try await service.pages.waitForCalls(2)[1]
    #expect(catalog.isLoadingMore)
    let second = Task { await catalog.loadMore() }  // the second trigger, while the first runs
    try await inspector.waitForWaiters(2, owner: "catalog feed")
    request.resolve(.of(4...6, total: 9))
    await first.value
    await second.value

    #expect(request.input.skip == 3)
    #expect(catalog.state.value?.ids == Array(1...6))
    #expect(catalog.isLoadingMore == false)
    #expect(service.pages.callCount == 2)
  }

  @Test func aRefreshDuringLoadMoreAppendsNothingStale() async throws {
    let service = FakeProductService(lateAnswers: true)
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await Self.started(bed, service, title: { "Old \($0)" })

    let loadingMore = Task { await catalog.loadMore() }
    let more = try await service.pages.waitForCalls(2)[1]
    let refreshing = Task { await catalog.refresh() }
    let refresh = try await service.pages.waitForCalls(3)[2]
    #expect(catalog.state.value?.ids == [1, 2, 3], "the old rows stay while the refresh runs")
    refresh.resolve(.of(1...3, total: 9, title: { "New \($0)" }))
    await refreshing.value
    more.resolve(.of(4...6, total: 9, title: { "Old \($0)" }))  // the old list's next page, late
    await loadingMore.value

    #expect(catalog.state.value?.products.map(\.title) == ["New 1", "New 2", "New 3"])
    #expect(catalog.isLoadingMore == false)

    let next = Task { await catalog.loadMore() }
    let following = try await service.pages.waitForCalls(4)[3]
    #expect(following.input.skip == 3, "the next page of the new list")
    following.resolve(.of(4...6, total: 9, title: { "New \($0)" }))
    await next.value
    #expect(catalog.state.value?.products.map(\.title) == (1...6).map { "New \($0)" })
  }

  @Test func theLatestSortWinsOverASlowerEarlierOne() async throws {
    let service = FakeProductService(lateAnswers: true)
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await Self.started(bed, service)
    let cheapFirst = ProductSort(.price)
    let dearFirst = ProductSort(.price, .descending)

    let sortingUp = Task { await catalog.setSort(cheapFirst) }
    let up = try await service.pages.waitForCalls(2)[1]
    let sortingDown = Task { await catalog.setSort(dearFirst) }
    let down = try await service.pages.waitForCalls(3)[2]
    #expect(catalog.sort == dearFirst)
    down.resolve(.of(7...9, total: 9))
    await sortingDown.value
    up.resolve(.of(1...3, total: 9))  // the earlier sort answers last
    await sortingUp.value

    #expect(up.input.sort == cheapFirst)
    #expect(down.input.sort == dearFirst)
    #expect(catalog.state.value?.sort == dearFirst)
    #expect(catalog.state.value?.ids == [7, 8, 9])
    #expect(catalog.sort == dearFirst)
  }

  @Test func aFailedLoadShowsPlainWordsAndKeepsTheRows() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await Self.started(bed, service)

    let refreshing = Task { await catalog.refresh() }
    try await service.pages.waitForCalls(2)[1].fail(HTTPFailureStub.offline)
    await refreshing.value

    #expect(catalog.state.failure == .offline)
    #expect(catalog.state.value?.ids == [1, 2, 3])
    #expect(catalog.message == "You're offline. Check your connection and try again.")
  }

  @Test func anOfflineStartShowsTheSavedPageThenGoesLive() async throws {
    let folder = TestBed.newFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let savedAt = testNow.addingTimeInterval(-3_600)
    let saved = OfflineCatalog(
      store: await FileStore.open(url: folder.appending(path: "catalog.json"), default: nil), server: testBaseURL,
      now: { savedAt })
    saved.remember(ProductPage.of(1...3, total: 9, title: { "Saved \($0)" }).products, total: 9, sort: nil)
    try await saved.flush()
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, folder: folder)
    let catalog = CatalogViewModel(environment: bed.environment)

    let starting = Task { await catalog.start() }
    let request = try await service.pages.waitForCalls(1)[0]
    // The saved page shows, and the state says the live one is loading.
    guard case .loading(previous: let shown?) = catalog.state else {
      Issue.record("expected the saved page while the live one loads, got \(catalog.state)")
      return
    }
    let offline = shown
    #expect(offline.source == .offline(savedAt: savedAt))
    #expect(offline.products.map(\.title) == ["Saved 1", "Saved 2", "Saved 3"])
    request.resolve(.of(1...3, total: 9, title: { "Live \($0)" }))
    await starting.value

    #expect(catalog.state.value?.source == .live)
    #expect(catalog.state.value?.products.map(\.title) == ["Live 1", "Live 2", "Live 3"])
    try await bed.environment.offlineCatalog.flush()
    let next = OfflineCatalog(
      store: await FileStore.open(url: folder.appending(path: "catalog.json"), default: nil), server: testBaseURL)
    #expect(next.snapshot?.products.map(\.title) == ["Live 1", "Live 2", "Live 3"])
    #expect(next.snapshot?.savedAt == testNow)
  }

  @Test func theSavedPageIsNotShownForAnotherOrder() async throws {
    let folder = TestBed.newFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let saved = OfflineCatalog(
      store: await FileStore.open(url: folder.appending(path: "catalog.json"), default: nil), server: testBaseURL)
    saved.remember(ProductPage.of(1...3, total: 9).products, total: 9, sort: nil)
    try await saved.flush()
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, folder: folder)
    let catalog = CatalogViewModel(environment: bed.environment, sort: ProductSort(.rating))

    let starting = Task { await catalog.start() }
    let request = try await service.pages.waitForCalls(1)[0]
    #expect(catalog.state == .loading(previous: nil))
    request.resolve(.of(1...3, total: 9))
    await starting.value
  }

  /// A catalog whose first page, products 1 to 3 of 9, is shown.
  static func started(
    _ bed: TestBed, _ service: FakeProductService, title: @escaping (Int) -> String = { "Product \($0)" }
  ) async throws -> CatalogViewModel {
    let catalog = CatalogViewModel(environment: bed.environment)
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(1...3, total: 9, title: title))
    await starting.value
    try #require(catalog.state.value?.ids == [1, 2, 3])
    return catalog
  }
}

/// Starting a screen that shows its list already, as SwiftUI's `.task` does each time it appears.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CatalogViewModelStartTests {
  @Test func startingAgainKeepsThePagesLoadedSince() async throws {
    let backend = try EmbeddedBackend(configuration: EmbeddedBackend.Configuration(productCount: 90))
    let folder = TestBed.newFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: folder, pageSize: 30, retry: nil,
        now: { testNow }, clock: TestClock()))
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    await catalog.loadMore()
    try #require(catalog.state.value?.ids.count == 60)

    await catalog.start()

    #expect(catalog.state.value?.ids == Array(1...60))
    #expect(backend.statistics.requestsByPath["/products"] == 2)
  }
}
