import Custody
import CustodyTesting
import Storefront
import Testing

/// The repository's caches know their loaders: a product screen's watch loads the product with
/// the load every reader shares, and the list follows edits through the cache's own changes.
@Suite(.timeLimit(.minutes(1)))
struct ProductRepositoryWatchTests {
  let service = FakeProductService()

  @Test func aWatchLoadsTheProductOnceForEveryScreen() async throws {
    let repository = ProductRepository(service: service, clock: TestClock())
    var screen = repository.watchProduct(id: 7).makeAsyncIterator()
    let first = try #require(await screen.next())
    #expect(first.value == nil && first.isLoading)
    let reader = Task { try await repository.product(id: 7) }
    var values = repository.productUpdates(id: 7).makeAsyncIterator()
    try await service.details.waitForCalls(1)[0].resolve(.sample(7, "Lamp"))
    #expect(try await reader.value.title == "Lamp")
    var loaded = try #require(await screen.next())
    while loaded.isLoading { loaded = try #require(await screen.next()) }
    #expect(loaded.value?.title == "Lamp" && loaded.loadError == nil)
    var shown = await values.next()
    if shown == .some(nil) { shown = await values.next() }
    #expect(shown??.title == "Lamp")
    #expect(service.details.callCount == 1, "the watches and the reader shared one request")
  }

  @Test func editedProductsFollowsEditsAndNotLoads() async throws {
    let repository = ProductRepository(service: service, clock: TestClock())
    var edited = repository.editedProducts().makeAsyncIterator()
    let loading = Task { try await repository.product(id: 1) }
    try await service.details.waitForCalls(1)[0].resolve(.sample(1, "Lamp"))
    _ = try await loading.value
    let saving = Task { try await repository.save(id: 1, changes: ProductChanges(title: "Brass lamp")) }
    #expect(await edited.next()?.title == "Brass lamp", "the edit, shown at once")
    try await service.updates.waitForCalls(1)[0].resolve(.sample(1, "Brass lamp, saved"))
    let edit = try await saving.value
    #expect(edit.saved.title == "Brass lamp, saved" && edit.shown == edit.saved)
    #expect(
      await edited.next()?.title == "Brass lamp, saved", "then what the server saved; the load before was not an edit")
  }
}
