import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ProductListingTests {
  let server: Server

  init() throws { server = try Server() }

  @Test func firstPageHasThirtyProductsAndTheTotal() async throws {
    let page: PageBody = try await server.send(.get, "/products").decoded()

    #expect(page.products.map(\.id) == Array(1...30))
    #expect(page.total == 200)
    #expect(page.skip == 0)
    #expect(page.limit == 30)
  }

  @Test func pagingEndsWhenSkipPlusCountReachesTheTotal() async throws {
    var ids: [Int] = []
    var skip = 0
    while true {
      let page: PageBody = try await server.send(.get, "/products?limit=45&skip=\(skip)").decoded()
      ids += page.products.map(\.id)
      #expect(page.limit == page.products.count)
      skip += page.products.count
      if page.skip + page.products.count >= page.total { break }
    }

    #expect(ids == Array(1...200))
    #expect(server.backend.requestCount(path: "/products") == 5)
  }

  @Test func skipPastTheEndIsAnEmptyPage() async throws {
    let page: PageBody = try await server.send(.get, "/products?skip=500").decoded()

    #expect(page.products.isEmpty)
    #expect(page.total == 200 && page.skip == 500 && page.limit == 0)
  }

  @Test func limitZeroReturnsEveryProduct() async throws {
    let page: PageBody = try await server.send(.get, "/products?limit=0").decoded()

    #expect(page.products.count == 200)
    #expect(page.limit == 200)
  }

  @Test(arguments: [
    ("/products?limit=abc", "Invalid 'limit' - must be a number"),
    ("/products/search?q=x&limit=12abc", "Invalid 'limit' - must be a number"),
    ("/products?skip=ten", "Invalid 'skip' - must be a number"),
    ("/products/category/laptops?sortBy=price&order=up", "Order can be: 'asc' or 'desc'"),
  ])
  func invalidQueryIsABadRequest(path: String, message: String) async throws {
    let response = try await server.send(.get, path)

    #expect(response.status == 400)
    #expect(response.message == message)
  }

  @Test func selectReturnsTheIdAndTheChosenFieldsOnly() async throws {
    let response = try await server.send(.get, "/products?limit=2&select=title,price,nonsense")
    let products = try #require(response.object["products"] as? [[String: Any]])

    #expect(products.count == 2)
    #expect(products.allSatisfy { Set($0.keys) == ["id", "title", "price"] })
    let single = try await server.send(.get, "/products/3?select=rating").object
    #expect(Set(single.keys) == ["id", "rating"])
  }

  @Test func sortsByAFieldInEitherOrder() async throws {
    let ascending: PageBody = try await server.send(.get, "/products?limit=0&sortBy=price&order=asc").decoded()
    let descending: PageBody = try await server.send(.get, "/products?limit=0&sortBy=price&order=desc").decoded()
    let byTitle: PageBody = try await server.send(.get, "/products?limit=10&sortBy=title").decoded()

    #expect(ascending.products.map(\.price) == ascending.products.map(\.price).sorted())
    #expect(descending.products.map(\.price) == ascending.products.map(\.price).sorted(by: >))
    #expect(
      byTitle.products.map(\.title)
        == byTitle.products.map(\.title).sorted { Self.readingOrder($0, $1) })
    #expect(byTitle.products.count == 10 && byTitle.total == 200)
  }

  @Test func searchMatchesTitleOrDescriptionIgnoringCase() async throws {
    let all: PageBody = try await server.send(.get, "/products?limit=0").decoded()
    for query in ["MASCARA", "hardwood", "Gift"] {
      let expected = all.products.filter {
        $0.title.lowercased().contains(query.lowercased()) || $0.description.lowercased().contains(query.lowercased())
      }.map(\.id)
      let found: PageBody = try await server.send(.get, "/products/search?q=\(query)&limit=0").decoded()

      #expect(!expected.isEmpty)
      #expect(found.products.map(\.id) == expected)
      #expect(found.total == expected.count)
    }
    let paged: PageBody = try await server.send(.get, "/products/search?q=gift&limit=2&skip=1").decoded()
    #expect(paged.products.count == 2 && paged.skip == 1 && paged.limit == 2)
  }

  @Test func listsTenCategoriesAndFiltersByOne() async throws {
    let categories: [CategoryBody] = try await server.send(.get, "/products/categories").decoded()
    let laptops: PageBody = try await server.send(.get, "/products/category/laptops?limit=0").decoded()
    let list: [String] = try await server.send(.get, "/products/category-list").decoded()

    #expect(categories.count == 10)
    #expect(list == categories.map(\.slug))
    let decoration = try #require(categories.first { $0.slug == "home-decoration" })
    #expect(decoration.name == "Home Decoration")
    #expect(decoration.url == "http://storefront.embedded/products/category/home-decoration")
    #expect(!laptops.products.isEmpty)
    #expect(laptops.products.allSatisfy { $0.category == "laptops" })
    #expect(laptops.total == laptops.products.count)
    let unknown: PageBody = try await server.send(.get, "/products/category/spaceships").decoded()
    #expect(unknown.products.isEmpty && unknown.total == 0)
  }

  @Test func productByIdHasEveryContractField() async throws {
    let product: ProductBody = try await server.send(.get, "/products/1").decoded()

    #expect(product.id == 1)
    #expect(product.reviews.count == 3)
    #expect(!product.images.isEmpty && product.thumbnail.hasSuffix("thumbnail.webp"))
    #expect(product.meta.createdAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
    #expect(["In Stock", "Low Stock", "Out of Stock"].contains(product.availabilityStatus))
  }

  @Test(arguments: ["201", "0", "abc"])
  func unknownProductIsNotFoundWithTheContractMessage(id: String) async throws {
    let response = try await server.send(.get, "/products/\(id)")

    #expect(response.status == 404)
    #expect(response.message == "Product with id '\(id)' not found")
  }

  @Test func unknownRouteIsAnHTMLPageNamingIt() async throws {
    let response = try await server.send(.get, "/carts/1")
    let wrongMethod = try await server.send(.delete, "/products")

    #expect(response.status == 404 && response.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(String(decoding: response.body, as: UTF8.self).contains("<code>/carts/1</code>"))
    #expect(wrongMethod.status == 404)
    #expect(String(decoding: wrongMethod.body, as: UTF8.self).contains("Cannot DELETE /products"))
  }

  @Test func limitAndSkipAreReadAsTheServiceReadsNumbers() async throws {
    let all: IDPageBody = try await server.send(.get, "/products?limit=-3&skip=10").decoded()
    let parsed: IDPageBody = try await server.send(.get, "/products?limit=4.9&skip=2e1").decoded()

    #expect(all.products.map(\.id) == Array(11...197) && all.limit == 187)
    #expect(parsed.products.map(\.id) == Array(3...6) && parsed.skip == 2)
  }

  @Test func someProductsHaveNoBrandAndOmitTheKey() async throws {
    let response = try await server.send(.get, "/products?limit=0")
    let products = try #require(response.object["products"] as? [[String: Any]])
    let unbranded = products.filter { $0["brand"] == nil }

    #expect(!unbranded.isEmpty)
    #expect(unbranded.count < products.count)
    #expect(!String(decoding: response.body, as: UTF8.self).contains("null"))
  }

  /// Whether `first` comes before `second` as a person reads them: case and accents ignored,
  /// numbers by value.
  static func readingOrder(_ first: String, _ second: String) -> Bool {
    let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
    return fold(first).compare(fold(second), options: .numeric) == .orderedAscending
  }
}
