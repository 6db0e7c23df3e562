import Custody
import Storefront
import Testing

@Suite(.timeLimit(.minutes(3)))
struct CatalogPipelineTests {
  static let products = [
    Product.sample(1, "Kiwi", category: "fruit", price: 3),
    .sample(2, "apple", category: "fruit", price: 1),
    .sample(3, "Soap", category: "beauty", price: 3),
    .sample(4, "Banana", category: "fruit", price: 2),
    .sample(5, "Cream", category: "beauty", price: 1),
  ]

  @Test func sortsByPriceKeepingTiesInOrder() async {
    let ascending = await CatalogPipeline.sorted(Self.products, by: ProductSort(.price))
    let descending = await CatalogPipeline.sorted(Self.products, by: ProductSort(.price, .descending))

    #expect(ascending.map(\.id) == [2, 5, 4, 1, 3])
    #expect(descending.map(\.id) == [1, 3, 4, 2, 5])
  }

  @Test func sortsByTitleIgnoringCase() async {
    let sorted = await CatalogPipeline.sorted(Self.products, by: ProductSort(.title))

    #expect(sorted.map(\.title) == ["apple", "Banana", "Cream", "Kiwi", "Soap"])
  }

  @Test func sortsByTitleAsAPersonReads() async {
    let titles = ["Woven Basket", "Éclat Serum", "eChef Pan", "Item 10", "Item 9", "apple", "ECLAT Serum"]
    let products = titles.enumerated().map { Product.sample($0.offset + 1, $0.element) }

    let sorted = await CatalogPipeline.sorted(products, by: ProductSort(.title))
    let descending = await CatalogPipeline.sorted(products, by: ProductSort(.title, .descending))

    #expect(
      sorted.map(\.title) == ["apple", "eChef Pan", "Éclat Serum", "ECLAT Serum", "Item 9", "Item 10", "Woven Basket"])
    #expect(
      descending.map(\.title)
        == ["Woven Basket", "Item 10", "Item 9", "Éclat Serum", "ECLAT Serum", "eChef Pan", "apple"],
      "equal titles keep their order")
  }

  @Test func groupsIntoSectionsInOrderOfFirstAppearance() async {
    let sections = await CatalogPipeline.sections(of: Self.products)

    #expect(sections.map(\.category) == ["fruit", "beauty"])
    #expect(sections.map { $0.products.map(\.id) } == [[1, 2, 4], [3, 5]])
    #expect(CatalogSection(category: "home-decoration", products: []).title == "Home Decoration")
  }

  @Test(arguments: [
    (1, [[1], [2], [3], [4], [5]]), (2, [[1, 2], [3, 4], [5]]), (5, [[1, 2, 3, 4, 5]]), (9, [[1, 2, 3, 4, 5]]),
  ])
  func chunksWithAShorterLastChunk(size: Int, expected: [[Int]]) async {
    #expect(await CatalogPipeline.chunked([1, 2, 3, 4, 5], size: size) == expected)
    #expect(await CatalogPipeline.chunked([Int](), size: size).isEmpty)
  }

  @Test func buildsTheScreenOfASlice() async {
    let slice = CatalogSlice(products: Self.products, hasMore: true, total: 20)
    let screen = await CatalogPipeline.screen(for: slice, sort: ProductSort(.rating))

    #expect(Array(screen.products) == Self.products)
    #expect(screen.sections.count == 2)
    #expect(screen.total == 20)
    #expect(screen.hasMore)
    #expect(screen.sort == ProductSort(.rating))
    #expect(screen.source == .live)
  }

  @Test func patchesTheRowAndItsSection() async throws {
    let screen = await CatalogPipeline.screen(
      for: CatalogSlice(products: Self.products, hasMore: false, total: 5), sort: nil)
    let moved = Product.sample(4, "Plantain", category: "beauty", price: 2)

    let patched = try #require(await screen.patched(with: moved))

    #expect(patched.products[3] == moved)
    #expect(patched.sections.map { $0.products.map(\.id) } == [[1, 2], [3, 4, 5]])
    #expect(await screen.patched(with: .sample(99)) == nil)
  }
}
