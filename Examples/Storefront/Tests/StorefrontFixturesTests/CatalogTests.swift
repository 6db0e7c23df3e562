import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CatalogTests {
  @Test func sameSeedGivesTheSameBytes() async throws {
    let first = try await Server { $0.seed = 42 }.send(.get, "/products?limit=0").body
    let second = try await Server { $0.seed = 42 }.send(.get, "/products?limit=0").body
    let other = try await Server { $0.seed = 43 }.send(.get, "/products?limit=0").body

    #expect(first == second)
    #expect(first != other)
  }

  @Test func aProductDoesNotDependOnTheCatalogSize() async throws {
    let small = try await Server { $0.productCount = 20 }.send(.get, "/products/7").body
    let large = try await Server { $0.productCount = 2_000 }.send(.get, "/products/7").body

    #expect(small == large)
  }

  @Test func catalogIsSpreadOverTenCategoriesWithRealisticFields() async throws {
    let page: PageBody = try await Server().send(.get, "/products?limit=0").decoded()

    #expect(Set(page.products.map(\.category)).count == 10)
    #expect(page.products.allSatisfy { $0.price > 0 && (1...5).contains($0.rating) && $0.tags.count == 2 })
    #expect(page.products.allSatisfy { $0.description.contains($0.title) })
    #expect(page.products.contains { $0.stock == 0 && $0.availabilityStatus == "Out of Stock" })
    #expect(Set(page.products.map(\.title)).count > 150)
  }

  @Test func largeCatalogServesEveryProductInOnePage() async throws {
    let server = try Server { $0.productCount = 10_000 }

    let page: IDPageBody = try await server.send(.get, "/products?limit=0").decoded()
    let last: ProductBody = try await server.send(.get, "/products/10000").decoded()

    #expect(page.total == 10_000 && page.limit == 10_000)
    #expect(page.products.map(\.id) == Array(1...10_000))
    #expect(last.id == 10_000)
  }

  @Test func emptyCatalogAnswersEmptyPages() async throws {
    let page: PageBody = try await Server { $0.productCount = 0 }.send(.get, "/products").decoded()

    #expect(page.products.isEmpty && page.total == 0)
  }

  @Test func worksBehindAnHTTPClientWithABasePath() async throws {
    let server = try Server { $0.baseURL = URL(string: "https://shop.invalid/api/v1")! }
    let client = server.backend.makeClient()

    let page = try await client.send(
      Endpoint<PageBody>(path: "/products", query: [.init(name: "limit", value: "3")]))
    await #expect(throws: HTTPError.notFound(message: "Product with id '404' not found")) {
      try await client.send(Endpoint<ProductBody>(path: "/products/404"))
    }

    #expect(page.products.map(\.id) == [1, 2, 3])
    #expect(page.products[0].thumbnail.hasPrefix("https://shop.invalid/api/v1/product-images/"))
    #expect(server.backend.requestCount(path: "/products") == 1)
  }
}

/// Titles outside ASCII and titles in mixed case, as the public catalog has (`iPhone X`), so
/// search and sorting meet them offline.
@Suite(.timeLimit(.minutes(1)))
struct CatalogTextTests {
  let server: Server
  let titles: [String]

  init() async throws {
    server = try Server()
    let page: PageBody = try await server.send(.get, "/products?limit=0").decoded()
    titles = page.products.map(\.title)
  }

  @Test func someTitlesAreNotASCIIAndSomeStartInLowerCase() {
    #expect(titles.contains { $0.contains("è") || $0.contains("é") || $0.contains("ñ") })
    #expect(titles.contains { $0.first?.isLowercase == true })
  }

  @Test(arguments: ["CRÈME", "jalapeño", "DÉCO", "ECHEF"])
  func searchIgnoresCaseOutsideASCIIToo(query: String) async throws {
    let expected = titles.indices.filter { titles[$0].lowercased().contains(query.lowercased()) }.map { $0 + 1 }
    let escaped = query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!

    let found: IDPageBody = try await server.send(.get, "/products/search?q=\(escaped)&limit=0").decoded()

    #expect(!expected.isEmpty)
    #expect(Set(expected).isSubset(of: found.products.map(\.id)))
  }

  /// Unlike the public service, which compares UTF-16 code units (`eChef…` after `Woven…`,
  /// `Éclat…` last), titles sort as a person reads them; equal ones by id, either way.
  @Test(arguments: ["asc", "desc"])
  func titleSortIsAsAPersonReadsTiesById(order: String) async throws {
    let page = try await server.send(.get, "/products?limit=0&sortBy=title&order=\(order)&select=title").object
    let rows = (page["products"] as? [[String: Any]] ?? []).compactMap { row in
      (row["id"] as? Int).flatMap { id in (row["title"] as? String).map { (id: id, title: $0) } }
    }
    let folded = { (title: String) in
      title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    #expect(rows.count == titles.count)
    for (before, after) in zip(rows, rows.dropFirst()) {
      let (first, second) = order == "asc" ? (before, after) : (after, before)
      let comparison = folded(first.title).compare(folded(second.title), options: .numeric)
      #expect(
        comparison == .orderedAscending || (comparison == .orderedSame && before.id < after.id),
        "\(before) then \(after)")
    }
  }

  @Test func searchIgnoresAccentsToo() async throws {
    let accented = try #require(titles.firstIndex { $0.contains("é") })
    let word = try #require(titles[accented].split(separator: " ").first { $0.contains("é") })
    let plain = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    let expected = titles.indices.filter {
      titles[$0].folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains(plain)
    }

    let found: IDPageBody = try await server.send(.get, "/products/search?q=\(plain)&limit=0").decoded()

    #expect(plain != word.lowercased(), "\(word) has an accent")
    #expect(Set(expected.map { $0 + 1 }).isSubset(of: found.products.map(\.id)))
    #expect(found.products.map(\.id).contains(accented + 1), "\(plain) finds \(titles[accented])")
  }
}
