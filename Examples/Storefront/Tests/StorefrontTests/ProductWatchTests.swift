import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// A product screen that watches its product: it shows edits made on another screen, and the
/// product loaded again when the app comes back after it went stale.
///
/// The body of each test runs in about 25 ms, but as a main-actor test it first waits for the
/// main actor, which every main-actor test of the run shares: 3 to 17 s in a full run on two
/// cores, more than a minute under ThreadSanitizer. Three minutes, as most of Storefront's
/// suites have.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct ProductWatchTests {
  let clock = TestClock()
  let service = FakeProductService()

  /// A product screen showing product 7, “Lamp”, loaded from the service.
  private func loadedLamp(_ bed: TestBed) async throws -> ProductDetailViewModel {
    let detail = ProductDetailViewModel(productID: 7, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(7, "Lamp"))
    await loading.value
    return detail
  }

  /// Saves `title` as product `id`'s from a second screen, answered by the service.
  private func renameFromAnotherScreen(_ bed: TestBed, product id: Product.ID, to title: String) async throws {
    let editor = EditableProduct(product: try #require(bed.environment.repository.cachedProduct(id: id)))
    editor.title = title
    let count = service.updates.callCount
    let saving = Task { await ProductDetailViewModel(productID: id, environment: bed.environment).save(editor) }
    try await service.updates.waitForCalls(count + 1)[count].resolve(.sample(id, title))
    #expect(await saving.value)
  }

  @Test func aWatchedProductStaleWhenTheAppComesBackIsLoadedAgainAndShown() async throws {
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let detail = try await loadedLamp(bed)
    let watching = Task { await detail.watch() }

    // Only the watch brings another screen's edit here: once it shows, the product is watched.
    try await renameFromAnotherScreen(bed, product: 7, to: "Brass lamp")
    try await waitUntil("the edit of the other screen shows") { detail.state.value?.title == "Brass lamp" }

    bed.environment.appEvents.send(.didBecomeActive)
    clock.advance(by: .seconds(301))  // past the products' 5 fresh minutes
    bed.environment.appEvents.send(.didBecomeActive)
    let reload = try await service.details.waitForCalls(2)[1]
    #expect(reload.input == 7)
    reload.resolve(.sample(7, "Brass lamp, restocked"))
    try await waitUntil("the product loaded again shows") { detail.state.value?.title == "Brass lamp, restocked" }
    #expect(service.details.callCount == 2, "coming back while it was fresh loaded nothing")

    watching.cancel()
    await watching.value
  }

  @Test func aScreenThatStoppedWatchingIsNotLoadedAgain() async throws {
    let inspector = TestInspector()
    let bed = try await TestBed.fakes(products: service, clock: clock, inspector: inspector)
    let detail = try await loadedLamp(bed)
    let watching = Task { await detail.watch() }
    try await renameFromAnotherScreen(bed, product: 7, to: "Brass lamp")
    try await waitUntil("the edit of the other screen shows") { detail.state.value?.title == "Brass lamp" }
    watching.cancel()
    await watching.value

    // Product 8 stays watched: its reload shows the app's coming back was handled.
    let mug = ProductDetailViewModel(productID: 8, environment: bed.environment)
    let loading = Task { await mug.load() }
    try await service.details.waitForCalls(2)[1].resolve(.sample(8, "Mug"))
    await loading.value
    let watchingMug = Task { await mug.watch() }
    try await renameFromAnotherScreen(bed, product: 8, to: "Tall mug")
    try await waitUntil("the mug's edit shows") { mug.state.value?.title == "Tall mug" }

    clock.advance(by: .seconds(301))
    bed.environment.appEvents.send(.didBecomeActive)
    let reload = try await service.details.waitForCalls(3)[2]
    #expect(reload.input == 8)
    reload.resolve(.sample(8, "Tall mug"))
    // Every load the event started is seen before the end of the mug's reload.
    try await inspector.wait(for: "three loads of products ended") { recording in
      recording.events(of: "products").count { $0.kind == .finished } == 3
    }
    let lampLoads = inspector.events.filter { $0.kind == .started && $0.key?.description == "/products/7" }
    #expect(lampLoads.count == 1, "only the first load: the lamp's screen stopped watching")
    watchingMug.cancel()
    await watchingMug.value
  }
}
