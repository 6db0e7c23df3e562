import Custody
import CustodyTesting
import Foundation
import Shop
import Testing

/// The product screen, tested through public API only, the way the documentation teaches.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct ProductViewModelTests {
  let inspector = TestInspector()
  let fetch = ControlledOperation<Int, Product>()
  let products: Cache<Int, Product>
  let api: FakeAPI

  init() {
    products = Cache(policy: .init(freshFor: .seconds(60)), name: "products", inspector: inspector)
    api = FakeAPI(fetch: fetch)
  }

  private func screen() -> ProductViewModel {
    ProductViewModel(products: products, api: api, inspector: inspector)
  }

  @Test func twoScreensShowingOneProductMakeOneRequest() async throws {
    let (first, second) = (screen(), screen())
    async let one: Void = first.load(7)
    async let two: Void = second.load(7)
    try await inspector.waitForWaiters(2, on: 7, owner: "products")
    try await fetch.waitForCalls(1)[0].resolve(Product(id: 7, title: "Lamp", price: 20))
    _ = await (one, two)

    #expect(first.state.value?.title == "Lamp" && second.state.value?.title == "Lamp")
    #expect(fetch.callCount == 1)
  }

  @Test func aProductAnotherScreenLoadedShowsAtOnceWithoutARequest() async {
    products.set(Product(id: 3, title: "Chair", price: 45), for: 3)
    let detail = screen()
    await detail.load(3)
    #expect(detail.state == .loaded(Product(id: 3, title: "Chair", price: 45)))
    #expect(fetch.callCount == 0)
  }

  @Test func aFailureIsShownInPlainWordsAndKeepsTheError() async throws {
    let detail = screen()
    async let loading: Void = detail.load(9)
    try await fetch.waitForCalls(1)[0].fail(URLError(.notConnectedToInternet))
    await loading
    #expect(detail.message == "Something went wrong. Try again.", "URLError has no category of its own")
    #expect(detail.state.error is URLError)
  }

  @Test func aLateAnswerForTheProductTheUserLeftIsNeverShown() async throws {
    let detail = screen()
    async let first: Void = detail.load(1)
    let lamp = try await fetch.waitForCalls(1)[0]
    async let second: Void = detail.load(2)
    let chair = try await fetch.waitForCalls(2)[1]
    chair.resolve(Product(id: 2, title: "Chair", price: 45))
    lamp.resolve(Product(id: 1, title: "Lamp", price: 20))
    _ = await (first, second)

    #expect(detail.state.value?.id == 2)
    #expect(
      inspector.recording.events(of: "product screen").contains { $0.kind == .finished && $0.outcome == .dropped },
      "the first load was dropped, not shown")
  }

  @Test func leavingTheScreenWhileItLoadsShowsNothingLate() async throws {
    let detail = screen()
    async let loading: Void = detail.load(5)
    let call = try await fetch.waitForCalls(1)[0]
    detail.leave()
    call.resolve(Product(id: 5, title: "Desk", price: 120))
    await loading
    #expect(detail.state.value == nil)
    try await inspector.waitUntilIdle(owner: "products")
    #expect(products.cachedValue(for: 5) == nil, "the request was cancelled with its only caller")
  }
}

/// The API, answered by the test.
struct FakeAPI: ProductAPI {
  let fetch: ControlledOperation<Int, Product>

  func product(_ id: Int) async throws -> Product { try await fetch(id) }
}
