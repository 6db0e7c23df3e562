import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// The page kept for an offline start belongs to the server it came from.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct OfflineCatalogTests {
  @Test func aPageSavedFromAnotherServerIsNotShown() async throws {
    let folder = TestBed.newFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let other = OfflineCatalog(
      store: await FileStore.open(url: folder.appending(path: "catalog.json"), default: nil),
      server: URL(string: "http://storefront.embedded")!)
    other.remember(ProductPage.of(1...3, total: 9).products, total: 9, sort: nil)
    try await other.flush()
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, folder: folder)
    let catalog = CatalogViewModel(environment: bed.environment)

    let starting = Task { await catalog.start() }
    let request = try await service.pages.waitForCalls(1)[0]
    #expect(catalog.state == .loading(previous: nil))
    #expect(bed.environment.offlineCatalog.snapshot == nil)
    request.fail(HTTPFailureStub.offline)
    await starting.value

    #expect(catalog.state.value == nil)
  }

  @Test func aRememberedPageNamesItsServer() async throws {
    let folder = TestBed.newFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "catalog.json")
    let server = URL(string: "https://dummyjson.com")!
    let offline = OfflineCatalog(store: await FileStore.open(url: file, default: nil), server: server, now: { testNow })
    offline.remember(ProductPage.of(1...2, total: 5).products, total: 5, sort: nil)
    try await offline.flush()

    let reopened = OfflineCatalog(store: await FileStore.open(url: file, default: nil), server: server)
    #expect(reopened.snapshot?.server == server)
    #expect(reopened.snapshot?.products.map(\.id) == [1, 2])
  }

  @Test func aPageWhoseEveryProductIsUnreadableKeepsTheSavedPage() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, pageSize: 3)
    let catalog = CatalogViewModel(environment: bed.environment)
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(ProductPage.of(1...3, total: 9))
    await starting.value
    #expect(bed.environment.offlineCatalog.snapshot?.products.map(\.id) == [1, 2, 3])

    // A broken server: it sends products, none of which can be read.
    let refreshing = Task { await catalog.refresh() }
    let unreadable = (1...3).map { SkippedProduct(position: $0, id: $0, reason: "title is not text") }
    try await service.pages.waitForCalls(2)[1].resolve(
      ProductPage(products: [], total: 9, skip: 0, droppedCount: 3, skipped: unreadable))
    await refreshing.value
    try await bed.environment.offlineCatalog.flush()

    #expect(catalog.state.value?.skipped.count == 3, "the screen says what it skipped")
    #expect(bed.environment.offlineCatalog.snapshot?.products.map(\.id) == [1, 2, 3], "the good page stays")
  }
}
