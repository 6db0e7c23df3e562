import Custody
import CustodyHTTP
import Foundation
import Storefront
import Testing

/// What the wire may hold: products without a brand, malformed entries, a malformed product.
@Suite(.timeLimit(.minutes(3)))
struct DecodingTests {
  @Test func aProductWithoutABrandDecodes() throws {
    let json = """
      {"id": 16, "title": "Apple", "description": "Fresh", "category": "groceries", "price": 1.99,
       "rating": 4.19, "stock": 9, "tags": ["fruits"], "reviews": [], "images": [],
       "thumbnail": "https://cdn.example/apple.png"}
      """
    let product = try JSONDecoder().decode(ProductDTO.self, from: Data(json.utf8)).model()

    #expect(product.brand == nil)
    #expect(product.title == "Apple")
    #expect(product.price == 1.99)
    #expect(product.thumbnail == URL(string: "https://cdn.example/apple.png"))
  }

  @Test func onlyIdTitleAndPriceAreRequired() throws {
    let product = try JSONDecoder().decode(ProductDTO.self, from: Data(#"{"id":1,"title":"A","price":2}"#.utf8))
      .model()

    #expect(product == Product(id: 1, title: "A", price: 2))
  }

  @Test func aMalformedEntryIsDroppedAndCounted() throws {
    let json = """
      {"products": [
        {"id": 1, "title": "One", "price": 1},
        {"id": 2, "title": "Two", "price": "cheap"},
        {"id": 3, "title": "Three", "price": 3, "brand": "Acme"}
      ], "total": 10, "skip": 0, "limit": 3}
      """
    let list = try JSONDecoder().decode(ProductListDTO.self, from: Data(json.utf8))
    let page = list.model()

    #expect(page.products.map(\.id) == [1, 3])
    #expect(page.droppedCount == 1)
    #expect(list.dropped.count == 1)
    let reason = try #require(list.dropped.first)
    #expect(reason.hasPrefix("products[1]: "), "names the entry")
    #expect(reason.contains("price"), "and the field that could not be read")
    #expect(page.hasMore, "the dropped entry still counts: 0 + 3 < 10")
    #expect(page.nextSkip == 3)
  }

  @Test func aDroppedEntryOnTheLastPageDoesNotPromiseMore() throws {
    let json = """
      {"products": [{"id": 9, "title": "Nine", "price": 9}, {"id": 10, "price": 10}],
       "total": 10, "skip": 8, "limit": 2}
      """
    let page = try JSONDecoder().decode(ProductListDTO.self, from: Data(json.utf8)).model()

    #expect(page.products.map(\.id) == [9])
    #expect(page.droppedCount == 1)
    #expect(page.hasMore == false)
  }

  @Test func aMalformedProductIsAnInvalidResponseNamingThePath() async {
    let transport = InProcessTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"id": 1, "title": "Phone", "price": "cheap"}"#.utf8))
    }
    let service = LiveProductService(client: HTTPClient(baseURL: testBaseURL, transport: transport))

    await #expect(throws: HTTPError.invalidResponse(reason: "at price: expected Double")) {
      try await service.product(id: 1)
    }
  }

  @Test @MainActor func aMalformedProductShowsAsAnUnreadableAnswer() async throws {
    let transport = InProcessTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"id": 1, "title": "Phone"}"#.utf8))
    }
    let folder = TestBed.newFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(baseURL: testBaseURL, transport: transport, dataDirectory: folder, retry: nil))
    let detail = ProductDetailViewModel(productID: 1, environment: environment)

    await detail.load()

    #expect(detail.state.failure == .invalidResponse && detail.state.value == nil)
    #expect(detail.message == "The server's answer could not be read. Try again later.")
  }
}
