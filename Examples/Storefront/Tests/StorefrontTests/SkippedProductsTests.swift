import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import Testing

/// Products the client cannot read are never dropped silently: the page names each one and
/// why, the screens carry them, and a page whose envelope is not a count fails.
@Suite(.timeLimit(.minutes(3)))
struct SkippedProductsTests {
  /// Three products, the second replaced by `entry`, as the page after the first 20 of 30.
  static func page(second entry: String) -> Data {
    Data(
      (#"{"products": [{"id": 21, "title": "One", "price": 1}, \#(entry), {"id": 23, "title": "Three", "price": 3}], "#
        + #""total": 30, "skip": 20, "limit": 3}"#).utf8)
  }

  @Test(
    arguments: [
      (#"{"id": 22, "title": 5, "price": 2}"#, 22, "title is not text"),
      (#"{"id": 22, "title": "Two", "price": "cheap"}"#, 22, "price is not a number"),
      (#"{"id": 22, "price": 2}"#, 22, "title is missing"),
      (#"{"id": 22, "title": null, "price": 2}"#, 22, "title has no value"),
      (#"{"id": 22, "title": "Two", "price": 2, "tags": ["a", 7]}"#, 22, "tags[1] is not text"),
      (
        #"{"id": 22, "title": "Two", "price": 2, "dimensions": {"width": 1, "height": 2}}"#, 22,
        "dimensions.depth is missing"
      ),
      (#"{"id": "22", "title": "Two", "price": 2}"#, nil, "id is not a whole number"),
      (#"7"#, nil, "it is not an object"),
    ] as [(String, Int?, String)])
  func aPageNamesEachProductItSkippedAndWhy(entry: String, id: Int?, reason: String) async throws {
    let page = try await ProductListDecoding.page(from: Self.page(second: entry), parts: 2)

    #expect(page.products.map(\.id) == [21, 23])
    #expect(page.skipped == [SkippedProduct(position: 22, id: id, reason: reason)])
    #expect(page.droppedCount == 1)
    #expect(page.hasMore && page.nextSkip == 23, "the skipped entry still counts")
  }

  @Test func aSentenceNamesTheSkippedProductsAndCountsTheRest() {
    let one = [SkippedProduct(position: 2, id: 2, reason: "title is not text")]
    #expect(
      SkippedProduct.sentence(for: one)
        == "Skipped 1 product the server sent that could not be read: product 2: title is not text.")
    let five = (1...5).map { SkippedProduct(position: $0, id: $0 == 3 ? nil : $0, reason: "price is missing") }
    #expect(
      SkippedProduct.sentence(for: five)
        == "Skipped 5 products the server sent that could not be read: product 1: price is missing; "
        + "product 2: price is missing; the entry at position 3: price is missing; and 2 more.")
    #expect(SkippedProduct.sentence(for: []) == nil)
  }

  @Test(arguments: [
    (#"{"products": [], "total": -1, "skip": 0, "limit": 0}"#, -1),
    (#"{"products": [{"id": 1, "title": "A", "price": 1}], "total": -5, "skip": 0, "limit": 1}"#, -5),
  ])
  func aNegativeTotalIsAnInvalidResponse(body: String, total: Int) async throws {
    let transport = InProcessTransport { _ in HTTPResponse(status: 200, body: Data(body.utf8)) }
    let service = LiveProductService(client: HTTPClient(baseURL: testBaseURL, transport: transport))
    let expected = HTTPError.invalidResponse(reason: "at total: a count of products cannot be negative (\(total))")

    await #expect(throws: expected) { try await service.products(ProductQuery()) }
    let client = HTTPClient(baseURL: testBaseURL, transport: transport)
    await #expect(throws: expected, "the plain decoder agrees") {
      try await client.send(Endpoint<ProductListDTO>(path: "/products"))
    }
  }

  @Test @MainActor func theCatalogCarriesWhatEachPageSkippedOnce() async throws {
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, pageSize: 3)
    let catalog = CatalogViewModel(environment: bed.environment)
    let bad = { (position: Int) in SkippedProduct(position: position, id: position, reason: "title is not text") }

    let starting = Task { await catalog.start() }
    var page = ProductPage(products: [.sample(1), .sample(3)], total: 6, skip: 0, droppedCount: 1, skipped: [bad(2)])
    try await service.pages.waitForCalls(1)[0].resolve(page)
    await starting.value
    #expect(catalog.state.value?.ids == [1, 3])
    #expect(
      catalog.skippedMessage
        == "Skipped 1 product the server sent that could not be read: product 2: title is not text.")

    // The next page's are added to the first's.
    let more = Task { await catalog.loadMore() }
    page = ProductPage(products: [.sample(4)], total: 6, skip: 3, droppedCount: 2, skipped: [bad(5), bad(6)])
    try await service.pages.waitForCalls(2)[1].resolve(page)
    await more.value
    #expect(catalog.state.value?.ids == [1, 3, 4])
    #expect(catalog.state.value?.skipped.map(\.position) == [2, 5, 6])
  }
}
