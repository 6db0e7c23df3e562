import Custody
import CustodyTesting
import Foundation
import Storefront
import TestSupport
import Testing

/// The catalog listed by category: the feed's query is an order and a category, the newest
/// whole query wins, and the category chosen is kept for the next start like the order.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CatalogCategoryTests {
  init() { MainQueue.mark() }

  @Test func aCategoryChosenWhileAnOrderLoadsCancelsThatLoadAndItsCallerGetsTheCategory() async throws {
    let service = FakeProductService()
    let feed = try await CatalogFeedTests.started(service)
    let cheapFirst = ProductSort(.price)

    let sorting = Task { try await feed.setSort(cheapFirst) }
    let sorted = try await service.pages.waitForCalls(2)[1]
    let choosing = Task { try await feed.setQuery(CatalogFeed.Query(sort: cheapFirst, category: "laptops")) }
    let chosen = try await service.pages.waitForCalls(3)[2]
    try await sorted.waitForCancellation()
    chosen.resolve(.of(1...3, total: 5, title: { "Laptop \($0)" }))

    #expect(chosen.input == ProductQuery(limit: 3, skip: 0, sort: cheapFirst, category: "laptops"))
    let screen = try await choosing.value
    #expect(screen.products.first?.title == "Laptop 1" && screen.category == "laptops" && screen.sort == cheapFirst)
    let earlier = try await sorting.value
    #expect(earlier.category == "laptops" && earlier.total == 5, "the earlier order's page is never shown")
    #expect(await feed.category == "laptops")

    // The next page is the category's, and so is every page after it.
    let more = Task { try await feed.loadNext() }
    let next = try await service.pages.waitForCalls(4)[3]
    #expect(next.input == ProductQuery(limit: 3, skip: 3, sort: cheapFirst, category: "laptops"))
    next.resolve(.of(4...5, total: 5, title: { "Laptop \($0)" }))
    #expect(try await more.value.products.map(\.title) == (1...5).map { "Laptop \($0)" })
  }

  @Test func aSortChosenWhileTheCategoryLoadsKeepsTheCategory() async throws {
    let service = FakeProductService(lateAnswers: true)
    let bed = try await TestBed.fakes(products: service)
    let catalog = try await CatalogViewModelTests.started(bed, service)
    let dearFirst = ProductSort(.price, .descending)

    let choosing = Task { await catalog.setCategory("laptops") }
    let chosen = try await service.pages.waitForCalls(2)[1]
    let sorting = Task { await catalog.setSort(dearFirst) }
    let sorted = try await service.pages.waitForCalls(3)[2]
    #expect(chosen.input.category == "laptops" && chosen.input.sort == nil)
    #expect(sorted.input.category == "laptops" && sorted.input.sort == dearFirst, "both: the newest query whole")
    sorted.resolve(.of(7...9, total: 9))
    await sorting.value
    chosen.resolve(.of(1...3, total: 9))  // the earlier query answers last
    await choosing.value

    #expect(catalog.state.value?.ids == [7, 8, 9])
    #expect(catalog.state.value?.category == "laptops" && catalog.state.value?.sort == dearFirst)
    #expect(catalog.category == "laptops" && catalog.sort == dearFirst)

    // All categories again, in the same order.
    let all = Task { await catalog.setCategory(nil) }
    let allRequest = try await service.pages.waitForCalls(4)[3]
    #expect(allRequest.input.category == nil && allRequest.input.sort == dearFirst)
    allRequest.resolve(.of(1...3, total: 9))
    await all.value
    #expect(catalog.state.value?.category == nil)
  }

  @Test func theFirstPageOfTheKeptCategoryIsShownAtTheNextStartAndNoOtherIs() async throws {
    let folder = TestBed.newFolder()
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, folder: folder)
    let laptops = ProductCategory(slug: "laptops", name: "Laptops")
    bed.environment.preferences.remember(category: laptops)
    let catalog = CatalogViewModel(environment: bed.environment, category: "laptops")
    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(4...6, total: 6))
    await starting.value
    #expect(bed.environment.offlineCatalog.snapshot?.category == "laptops")

    let again = CatalogViewModel(environment: bed.environment, category: "laptops")
    let restarting = Task { await again.start() }
    let live = try await service.pages.waitForCalls(2)[1]
    #expect(again.state.value?.ids == [4, 5, 6] && again.state.value?.category == "laptops", "the saved page at once")
    live.resolve(.of(4...6, total: 6))
    await restarting.value

    let all = CatalogViewModel(environment: bed.environment)
    let allStarting = Task { await all.start() }
    let allLive = try await service.pages.waitForCalls(3)[2]
    #expect(all.state.value == nil, "the saved page is a category's, not every product's")
    allLive.resolve(.of(1...3, total: 9))
    await allStarting.value
    #expect(bed.environment.offlineCatalog.snapshot?.category == "laptops", "not the app's listing: not kept")
  }

  @Test func theCategorySurvivesARestartAndAnotherWindowsSortIsKept() async throws {
    let file = TestBed.newFolder().appending(path: "preferences.json")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let first = Preferences(store: await FileStore.open(url: file, default: .init()))
    let second = Preferences(store: await FileStore.open(url: file, default: .init()))
    first.remember(category: ProductCategory(slug: "laptops", name: "Laptops"))
    try await first.flush()
    second.remember(sort: ProductSort(.rating))
    try await second.flush()

    let next = Preferences(store: await FileStore.open(url: file, default: .init()))
    #expect(next.category == ProductCategory(slug: "laptops", name: "Laptops"), "the first window's category")
    #expect(next.sort == ProductSort(.rating), "the second window's order")

    next.remember(category: nil)
    try await next.flush()
    #expect(Preferences(store: await FileStore.open(url: file, default: .init())).category == nil)
  }

  @Test func aFileWithoutACategoryListsEveryProduct() async throws {
    let file = TestBed.newFolder().appending(path: "preferences.json")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"sort": {"field": "price", "order": "asc"}}"#.utf8).write(to: file)
    let preferences = Preferences(store: await FileStore.open(url: file, default: .init()))
    #expect(preferences.loadProblem == nil)
    #expect(preferences.sort == ProductSort(.price) && preferences.category == nil)
  }
}
