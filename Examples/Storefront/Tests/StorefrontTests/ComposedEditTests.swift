import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import Testing

/// Product edits as optimistic writes: shown at once, composed when two are in flight, taken
/// back alone when one fails, and followed by the searches that may list the product.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct ComposedEditTests {
  static let lamp = Product.sample(1, "Desk lamp", price: 10)
  static let serverProblem = "The server ran into a problem. Try again later."
  let service = FakeProductService()

  /// A product screen showing ``lamp``.
  private func loadedLamp(_ bed: TestBed) async throws -> ProductDetailViewModel {
    let detail = ProductDetailViewModel(productID: 1, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(Self.lamp)
    await loading.value
    return detail
  }

  /// Starts saving `change` to `detail`'s product and returns once its request is on the wire.
  private func startEdit(
    _ detail: ProductDetailViewModel, _ change: (EditableProduct) -> Void
  ) async throws -> (saving: Task<Bool, Never>, request: ControlledOperation<FakeProductService.Update, Product>.Call) {
    let editor = try #require(detail.makeEditor())
    change(editor)
    let count = service.updates.callCount
    let saving = Task { await detail.save(editor) }
    return (saving, try await service.updates.waitForCalls(count + 1)[count])
  }

  @Test func anEditShowsAtOnceThenTheServersAnswer() async throws {
    let bed = try await TestBed.fakes(products: service)
    let detail = try await loadedLamp(bed)
    let (saving, request) = try await startEdit(detail) { $0.title = "Brass lamp" }

    #expect(detail.state.value?.title == "Brass lamp", "before the server answers")
    #expect(detail.isSaving)
    #expect(bed.environment.repository.cachedProduct(id: 1)?.title == "Brass lamp", "every screen sees it")
    request.resolve(.sample(1, "Brass lamp", price: 10))

    #expect(await saving.value)
    #expect(detail.state.value == .sample(1, "Brass lamp", price: 10))
    #expect(!detail.isSaving)
    #expect(detail.message == nil)
  }

  enum Order: String, CaseIterable {
    /// The first edit fails while the second still waits for its answer.
    case firstFailsFirst
    /// The second edit is saved while the first still waits, then the first fails.
    case secondIsSavedFirst
  }

  @Test(arguments: Order.allCases)
  func twoQuickEditsTheFirstFailingLeaveTheSecondVisibleAndSaved(order: Order) async throws {
    let bed = try await TestBed.fakes(products: service)
    let detail = try await loadedLamp(bed)
    let (first, rename) = try await startEdit(detail) { $0.title = "Brass lamp" }
    #expect(detail.state.value == .sample(1, "Brass lamp", price: 10))
    let (second, reprice) = try await startEdit(detail) { $0.priceText = "12.50" }
    #expect(detail.state.value == .sample(1, "Brass lamp", price: 12.5), "both edits show")
    #expect(reprice.input.changes == ProductChanges(price: 12.5), "the second sends its own change only")
    let savedByServer = Product.sample(1, "Desk lamp", price: 12.5)

    switch order {
    case .firstFailsFirst:
      rename.fail(HTTPError.serverError(status: 500, message: nil))
      #expect(await first.value == false)
      #expect(detail.state.value == .sample(1, "Desk lamp", price: 12.5), "the pending second edit stays")
      #expect(detail.isSaving, "the second is still being saved")
      reprice.resolve(savedByServer)
      #expect(await second.value)
    case .secondIsSavedFirst:
      reprice.resolve(savedByServer)
      #expect(await second.value)
      #expect(detail.state.value == .sample(1, "Brass lamp", price: 12.5), "the pending first edit stays on top")
      rename.fail(HTTPError.serverError(status: 500, message: nil))
      #expect(await first.value == false)
    }

    #expect(detail.state.value == savedByServer, "the second edit is visible and saved")
    #expect(bed.environment.repository.cachedProduct(id: 1) == savedByServer)
    #expect(detail.message == Self.serverProblem, "the failure shows on the screen that made the edit")
    #expect(detail.actions.failure == .server(status: 500))
    #expect(!detail.isSaving)
    #expect(service.updates.callCount == 2, "a failed edit is not sent again")
  }

  @Test func aFailedEditIsTakenBackOnEveryScreen() async throws {
    let bed = try await TestBed.fakes(products: service)
    let detail = try await loadedLamp(bed)
    let other = ProductDetailViewModel(productID: 1, environment: bed.environment)
    let (saving, request) = try await startEdit(detail) { $0.priceText = "0.50" }
    await other.load()  // fresh in the cache: no request, and the pending edit shows
    #expect(other.state.value?.price == 0.5)

    request.fail(HTTPFailureStub.offline)
    #expect(await saving.value == false)

    #expect(detail.state.value == Self.lamp)
    #expect(detail.actions.failure == .offline)
    await other.load()
    #expect(other.state.value == Self.lamp)
    #expect(other.message == nil, "only the screen that made the edit reports its failure")
  }

  @Test func aCancelledEditIsTakenBackWithoutAFailure() async throws {
    let bed = try await TestBed.fakes(products: service)
    let detail = try await loadedLamp(bed)
    let (saving, request) = try await startEdit(detail) { $0.title = "Brass lamp" }
    saving.cancel()
    try await request.waitForCancellation()

    #expect(await saving.value == false)
    #expect(detail.state.value == Self.lamp)
    #expect(detail.message == nil && detail.actions.failure == nil)
    #expect(bed.environment.repository.cachedProduct(id: 1) == Self.lamp)
  }

  @Test func anEditRevalidatesOnlyTheSearchesThatMayListTheProduct() async throws {
    let bed = try await TestBed.fakes(products: service)
    let repository = bed.environment.repository
    let detail = try await loadedLamp(bed)
    let pages: [String: ProductPage] = [
      "lamp": ProductPage(products: [Self.lamp], total: 1, skip: 0),
      "brass": ProductPage(products: [.sample(2, "Brass hook")], total: 1, skip: 0),
      "hook": ProductPage(products: [.sample(2, "Brass hook")], total: 1, skip: 0),
    ]
    for query in ["lamp", "brass", "hook"] { try await search(query, in: repository, answering: pages[query]) }
    let before = service.searches.callCount

    let (saving, request) = try await startEdit(detail) { $0.title = "Brass lamp" }
    request.resolve(.sample(1, "Brass lamp", price: 10))
    #expect(await saving.value)

    _ = try await repository.search("hook")
    #expect(service.searches.callCount == before, "a search that cannot list the product stays cached")
    try await search("lamp", in: repository, answering: pages["lamp"])
    try await search("brass", in: repository, answering: pages["brass"])
    #expect(service.searches.callCount == before + 2, "the one listing it and the one its new title joins load again")
  }

  @Test func aNewPriceRevalidatesOnlyTheSearchesListingTheProduct() async throws {
    let bed = try await TestBed.fakes(products: service)
    let repository = bed.environment.repository
    let detail = try await loadedLamp(bed)
    try await search("lamp", in: repository, answering: ProductPage(products: [Self.lamp], total: 1, skip: 0))
    try await search("desk", in: repository, answering: ProductPage(products: [], total: 0, skip: 0))

    let (saving, request) = try await startEdit(detail) { $0.priceText = "11" }
    request.resolve(.sample(1, "Desk lamp", price: 11))
    #expect(await saving.value)

    _ = try await repository.search("desk")
    #expect(service.searches.callCount == 2, "its title is the same: a search that did not list it still does not")
    try await search("lamp", in: repository, answering: ProductPage(products: [], total: 0, skip: 0))
    #expect(service.searches.callCount == 3)
  }

  /// Searches for `query`, answering the request it makes with `page`.
  private func search(_ query: String, in repository: ProductRepository, answering page: ProductPage?) async throws {
    let count = service.searches.callCount
    let searching = Task { try await repository.search(query) }
    let request = try await service.searches.waitForCalls(count + 1)[count]
    #expect(request.input == query)
    request.resolve(try #require(page))
    _ = try await searching.value
  }
}
