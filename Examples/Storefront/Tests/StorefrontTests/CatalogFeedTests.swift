import Custody
import CustodyTesting
import Foundation
import Observation
import Storefront
import TestSupport
import Testing

/// The rules of the catalog's feed: the pages of the order asked for last, saved edits patched
/// into the rows, the first page kept for an offline start, and the pace of a retried page.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CatalogFeedTests {
  init() { MainQueue.mark() }

  @Test func aPageOfAnEarlierOrderIsNeverListedItsFetchIsCancelledAndItsCallerGetsTheNewerOrder() async throws {
    let service = FakeProductService()
    let feed = CatalogFeed(service: service, pageSize: 3)
    let cheapFirst = ProductSort(.price)
    let dearFirst = ProductSort(.price, .descending)

    let up = Task { try await feed.setSort(cheapFirst) }
    let upRequest = try await service.pages.waitForCalls(1)[0]
    let down = Task { try await feed.setSort(dearFirst) }
    let downRequest = try await service.pages.waitForCalls(2)[1]
    try await upRequest.waitForCancellation()
    downRequest.resolve(.of(7...9, total: 9))

    #expect(try await up.value.sort == dearFirst, "the earlier order is never shown")
    let screen = try await down.value
    #expect(screen.ids == [7, 8, 9])
    #expect(screen.sort == dearFirst)
    #expect(downRequest.input.sort == dearFirst)
    #expect(await feed.sort == dearFirst)
  }

  @Test func aNextPageForAnEarlierOrderIsDroppedAndItsCallerGetsTheNewerOrder() async throws {
    let service = FakeProductService()
    let feed = try await Self.started(service)

    let more = Task { try await feed.loadNext() }
    let page = try await service.pages.waitForCalls(2)[1]
    let sorting = Task { try await feed.setSort(ProductSort(.title)) }
    try await page.waitForCancellation()
    try await service.pages.waitForCalls(3)[2].resolve(.of(1...3, total: 9))

    #expect(try await more.value.sort == ProductSort(.title))
    #expect(try await sorting.value.ids == [1, 2, 3])
  }

  @Test func aSavedProductReplacesItsRowAndTheNextPageKeepsIt() async throws {
    let service = FakeProductService()
    let repository = ProductRepository(service: service)
    let (feed, shown, following) = try await Self.following(service, repository)
    defer { following.cancel() }

    let more = Task { try await feed.loadNext() }
    let page = try await service.pages.waitForCalls(2)[1]
    try await save(.sample(2, "Renamed"), with: repository, service)
    try await waitUntil("the renamed row") { shown.screens.last?.products[1].title == "Renamed" }
    page.resolve(.of(4...6, total: 9))
    let screen = try await more.value

    #expect(screen.ids == Array(1...6))
    #expect(screen.products[1].title == "Renamed", "the page fetched meanwhile keeps the edit")
    #expect(screen.sections.flatMap(\.products)[1].title == "Renamed")
    #expect(shown.handedOffTheMainActor == 0, "every change is handed over on the screen's actor")
  }

  @Test func aProductNotListedChangesNothing() async throws {
    let service = FakeProductService()
    let repository = ProductRepository(service: service)
    let (_, shown, following) = try await Self.following(service, repository)
    defer { following.cancel() }

    try await save(.sample(42, "Elsewhere"), with: repository, service)
    try await save(.sample(3, "Renamed"), with: repository, service)
    try await waitUntil("the renamed row") { shown.screens.last?.products[2].title == "Renamed" }

    #expect(shown.screens.count == 1, "only the listed product patched the rows")
    #expect(shown.handedOffTheMainActor == 0, "every change is handed over on the screen's actor")
  }

  @Test func theAppsFirstPageIsKeptAndShownAtTheNextStartInItsOrderOnly() async throws {
    let folder = TestBed.newFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let offline = OfflineCatalog(store: await FileStore.open(url: folder.appending(path: "catalog.json"), default: nil))
    let service = FakeProductService()
    let kept = CatalogFeed.Links(offline: offline, keepsFirstPage: { $0 == CatalogFeed.Query() })
    _ = try await Self.started(service, links: kept)
    #expect(offline.snapshot?.products.map(\.id) == [1, 2, 3])

    let next = CatalogFeed(service: service, pageSize: 3, links: kept)
    #expect(await next.savedScreen()?.source == .offline(savedAt: offline.snapshot?.savedAt ?? .distantPast))
    let otherOrder = CatalogFeed(service: service, sort: ProductSort(.rating), pageSize: 3, links: kept)
    #expect(await otherOrder.savedScreen() == nil)
    let sorted = Task { try await otherOrder.loadFirstPage() }
    try await service.pages.waitForCalls(2)[1].resolve(.of(4...6, total: 9))
    _ = try await sorted.value
    #expect(offline.snapshot?.products.map(\.id) == [1, 2, 3], "another order is not the app's first page")
  }

  @Test func aFailedNextPageIsAskedForAgainAfterAPauseThatDoublesUpToTheLongest() async throws {
    let service = FakeProductService()
    let clock = TestClock()
    let links = CatalogFeed.Links(firstRetryDelay: .seconds(1), longestRetryDelay: .seconds(3), clock: clock)
    let feed = try await Self.started(service, links: links)
    let failures = ShownChanges()

    let more = Task { try await feed.loadNext { _ in failures.failures += 1 } }
    for (attempt, pause) in [(2, 1), (3, 2), (4, 3), (5, 3)] {
      try await service.pages.waitForCalls(attempt)[attempt - 1].fail(HTTPFailureStub.offline)
      try await clock.waitForSleepers(1)
      #expect(failures.failures == attempt - 1, "each failure is reported before the pause")
      #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(pause)), "a pause of \(pause) s")
      clock.advance(by: .seconds(pause))
    }
    let last = try await service.pages.waitForCalls(6)[5]
    #expect(last.input.skip == 3, "the same page each time")
    last.resolve(.of(4...6, total: 9))

    #expect(try await more.value.ids == Array(1...6))
  }

  @Test func aRetriedPageStopsWhenItsCallerIsCancelled() async throws {
    let service = FakeProductService()
    let clock = TestClock()
    let feed = try await Self.started(service, links: CatalogFeed.Links(clock: clock))

    let more = Task { try await feed.loadNext { _ in } }
    try await service.pages.waitForCalls(2)[1].fail(HTTPFailureStub.offline)
    try await clock.waitForSleepers(1)
    more.cancel()
    await #expect(throws: CancellationError.self) { try await more.value }
    clock.advance(by: .seconds(600))

    #expect(service.pages.callCount == 2)
  }

  /// A feed in pages of three whose first page, products 1 to 3 of 9, is loaded.
  static func started(
    _ service: FakeProductService, links: CatalogFeed.Links = CatalogFeed.Links()
  ) async throws
    -> CatalogFeed
  {
    let feed = CatalogFeed(service: service, pageSize: 3, links: links)
    let starting = Task { try await feed.loadFirstPage() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(1...3, total: 9))
    try #require(try await starting.value.ids == [1, 2, 3])
    return feed
  }

  /// A started feed that follows `repository`'s saved products and some favourites, and what
  /// it hands its screen. It returns once the favourites arrive, which the feed shows as soon
  /// as it follows its links: a save made before that would be missed.
  static func following(
    _ service: FakeProductService, _ repository: ProductRepository
  ) async throws -> (feed: CatalogFeed, shown: ShownChanges, following: Task<Void, Never>) {
    let favorites = Favorites(
      store: await FileStore.open(url: TestBed.newFolder().appending(path: "f.json"), default: []))
    let feed = try await started(service, links: CatalogFeed.Links(favorites: favorites, repository: repository))
    let shown = ShownChanges()
    let following = Task { await feed.followChanges { shown.record($0) } }
    do {
      try await waitUntil("the favourites") { shown.favorites == [] }
    } catch {
      following.cancel()
      throw error
    }
    return (feed, shown, following)
  }

  /// Saves `product` through `repository`, answering the service's next update with it.
  func save(_ product: Product, with repository: ProductRepository, _ service: FakeProductService) async throws {
    let count = service.updates.callCount
    let saving = Task { try await repository.save(id: product.id, changes: ProductChanges(title: product.title)) }
    try await service.updates.waitForCalls(count + 1)[count].resolve(product)
    _ = try await saving.value
  }
}

/// What a feed handed to its screen, observable so a test can wait for it.
@MainActor @Observable
final class ShownChanges {
  var screens: [CatalogScreen] = []
  var favorites: Set<Product.ID>?
  var failures = 0
  /// Changes handed to `record` off the main actor, where the screen's state is not its own.
  /// The compiler does not catch it: a task group's body in a `nonisolated(nonsending)` function
  /// runs on the global executor and may call the caller's closure there.
  var handedOffTheMainActor = 0

  func record(_ change: CatalogFeed.Change) {
    if !MainQueue.isCurrent { handedOffTheMainActor += 1 }
    switch change {
    case .screen(let screen): screens.append(screen)
    case .favorites(let ids): favorites = ids
    }
  }
}
