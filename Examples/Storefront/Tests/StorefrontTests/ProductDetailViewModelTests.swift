import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import Testing

@Suite(.timeLimit(.minutes(3)))
@MainActor
struct ProductDetailViewModelTests {
  @Test func aFailedToggleRollsBack() async throws {
    let bed = try await TestBed.fakes()
    // The favourites file's folder becomes a regular file: no write can succeed, even as root.
    try FileManager.default.removeItem(at: bed.folder)
    try Data("not a folder".utf8).write(to: bed.folder)
    let detail = ProductDetailViewModel(productID: 7, environment: bed.environment)

    await detail.toggleFavorite()

    #expect(detail.isFavorite == false)
    #expect(detail.message == FailureCopy.message(for: .storage))
    #expect(detail.actions.failure == .storage)
    #expect(bed.environment.favorites.ids.isEmpty)
  }

  @Test func aSavedToggleShowsOnEveryScreenAndIsOnDisk() async throws {
    let bed = try await TestBed.fakes()
    let favorites = bed.environment.favorites
    var shown = favorites.updates().makeAsyncIterator()
    #expect(await shown.next() == [])
    let detail = ProductDetailViewModel(productID: 7, environment: bed.environment)

    await detail.toggleFavorite()

    #expect(await shown.next() == [7], "every screen following the favourites sees it")
    #expect(detail.isFavorite && detail.message == nil)
    let reread = Favorites(store: await FileStore.open(url: bed.folder.appending(path: "favorites.json"), default: []))
    #expect(reread.ids == [7])
  }

  @Test func aCancelledToggleShowsNoFailure() async throws {
    let bed = try await TestBed.fakes()
    let detail = ProductDetailViewModel(productID: 7, environment: bed.environment)

    let toggling = Task { await detail.toggleFavorite() }
    toggling.cancel()  // before it runs: the test holds the main actor
    await toggling.value

    #expect(detail.isFavorite == false)
    #expect(detail.message == nil && detail.actions.failure == nil)
    #expect(bed.environment.favorites.ids.isEmpty)
  }

  @Test func theCachedProductShowsAtOnceThenTheCurrentOne() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let first = ProductDetailViewModel(productID: 4, environment: bed.environment)
    let loading = Task { await first.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(4, "Cached"))
    await loading.value

    let second = ProductDetailViewModel(productID: 4, environment: bed.environment)
    #expect(second.state == .idle)
    await second.load()  // fresh in the repository's cache: no request

    #expect(second.state == .loaded(.sample(4, "Cached")))
    #expect(service.details.callCount == 1)
  }

  @Test func aProductThatIsGoneSaysSo() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let detail = ProductDetailViewModel(productID: 404, environment: bed.environment)

    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].fail(HTTPError.notFound(message: "Product with id '404' not found"))
    await loading.value

    #expect(detail.state.failure == .notFound && detail.state.value == nil)
    #expect(detail.message == "This product no longer exists.")
    #expect(detail.makeEditor() == nil)
  }

  @Test func anInvalidEditIsNotSent() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let detail = ProductDetailViewModel(productID: 1, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(1))
    await loading.value
    let editor = try #require(detail.makeEditor())
    editor.priceText = "ten"

    #expect(await detail.save(editor) == false)
    #expect(detail.message == "Enter a price such as 9.99.")
    #expect(service.updates.callCount == 0)
  }

  @Test func aFailedSaveKeepsTheProductAndSaysWhy() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service)
    let detail = ProductDetailViewModel(productID: 1, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(1))
    await loading.value
    let editor = try #require(detail.makeEditor())
    editor.title = "New"

    let saving = Task { await detail.save(editor) }
    try await service.updates.waitForCalls(1)[0].fail(HTTPError.serverError(status: 500, message: nil))

    #expect(await saving.value == false)
    #expect(detail.state == .loaded(.sample(1)))
    #expect(detail.message == "The server ran into a problem. Try again later.")
    #expect(bed.environment.repository.cachedProduct(id: 1) == .sample(1))
  }
}
