import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// The products the app has seen are kept for its next start: a detail screen opens at once,
/// offline too, and the age a product had goes on counting between the two runs.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct KeptProductsTests {
  /// The wall clock of both runs, moved by hand.
  let wall = LockedState(testNow)

  /// What the owners of the second start do.
  let inspector = TestInspector()

  /// A start of the app over `service`, in `folder`.
  func start(
    _ service: FakeProductService, in folder: URL, inspector: TestInspector? = nil
  ) async throws -> TestBed {
    try await TestBed.fakes(
      products: service, folder: folder, now: { [wall] in wall.withLock { $0 } }, inspector: inspector)
  }

  /// A first run that loads product 7 and quits, leaving its data folder behind.
  func firstRun() async throws -> (folder: URL, bed: TestBed) {
    let folder = TestBed.newFolder()
    let service = FakeProductService()
    let bed = try await start(service, in: folder)
    let loading = Task { try await bed.environment.repository.product(id: 7) }
    try await service.details.waitForCalls(1)[0].resolve(.sample(7, "Kept lamp"))
    _ = try await loading.value
    try await bed.environment.repository.flush()
    return (folder, bed)
  }

  @Test func aProductStaleByNowShowsAtOnceAndIsLoadedAgainInTheBackground() async throws {
    let (folder, first) = try await firstRun()
    wall.withLock { $0 += 10 * 60 }  // past its 5 fresh minutes, within the hour it is shown stale

    let service = FakeProductService()
    let next = try await start(service, in: folder, inspector: inspector)
    let detail = ProductDetailViewModel(productID: 7, environment: next.environment)
    await detail.load()

    #expect(detail.state == .loaded(.sample(7, "Kept lamp")), "shown without waiting for the server")
    let revalidation = try await service.details.waitForCalls(1)[0]
    revalidation.fail(HTTPFailureStub.offline)
    try await inspector.waitForEvent("the revalidation's end", owner: "products") { $0.kind == .finished }
    #expect(next.environment.repository.cachedProduct(id: 7)?.title == "Kept lamp", "offline, it stays")
    withExtendedLifetime(first) {}
  }

  /// The server may have changed or forgotten a product between two runs (the embedded backend
  /// and the public service forget edits): a kept product, however young, shows at once and is
  /// asked for again, so the detail screen agrees with the list.
  @Test func aProductStillFreshShowsAtOnceAndIsAskedForAgainAfterARestart() async throws {
    let (folder, first) = try await firstRun()
    wall.withLock { $0 += 60 }  // within its 5 fresh minutes

    let service = FakeProductService()
    let next = try await start(service, in: folder, inspector: inspector)
    let detail = ProductDetailViewModel(productID: 7, environment: next.environment)
    await detail.load()
    #expect(detail.state == .loaded(.sample(7, "Kept lamp")), "shown without waiting for the server")

    try await service.details.waitForCalls(1)[0].resolve(.sample(7, "Lamp as the server has it"))
    try await inspector.waitForEvent("the revalidation's commit", owner: "products") { $0.kind == .committed }
    #expect(next.environment.repository.cachedProduct(id: 7)?.title == "Lamp as the server has it")
    withExtendedLifetime(first) {}
  }

  /// "Reload" asks the server even for a product loaded a moment ago.
  @Test func reloadAsksTheServerWhateverIsCached() async throws {
    let (folder, first) = try await firstRun()
    let service = FakeProductService()
    let next = try await start(service, in: folder)
    _ = next.environment.repository.cachedProduct(id: 7)
    let detail = ProductDetailViewModel(productID: 7, environment: next.environment)
    let revalidating = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(7, "Fresh lamp"))
    await revalidating.value

    let reloading = Task { await detail.reload() }
    let reload = try await service.details.waitForCalls(2)[1]
    #expect(detail.state.value?.title != nil, "the product stays on screen while it reloads")
    reload.resolve(.sample(7, "Reloaded lamp"))
    await reloading.value
    #expect(detail.state.value?.title == "Reloaded lamp")
    withExtendedLifetime(first) {}
  }

  @Test func aProductTooOldToShowWhileLoadingIsLoadedFirstAndShownWhenOffline() async throws {
    let (folder, first) = try await firstRun()
    wall.withLock { $0 += 2 * 60 * 60 }  // past its fresh 5 minutes and stale hour

    let service = FakeProductService()
    let next = try await start(service, in: folder)
    let detail = ProductDetailViewModel(productID: 7, environment: next.environment)
    let loading = Task { await detail.load() }
    let request = try await service.details.waitForCalls(1)[0]
    #expect(detail.state.value == .sample(7, "Kept lamp"), "the kept product shows while it loads")
    request.fail(HTTPFailureStub.offline)
    await loading.value

    #expect(detail.state.failure == .offline)
    #expect(detail.state.value == .sample(7, "Kept lamp"), "and stays when the server cannot be reached")
    withExtendedLifetime(first) {}
  }
}
