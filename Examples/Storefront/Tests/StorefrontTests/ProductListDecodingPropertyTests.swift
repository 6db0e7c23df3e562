import Foundation
import Testing

@testable import Storefront

/// Properties of the fast page decoder over thousands of generated and mutated bodies: what
/// it reads, `JSONDecoder` reads the same way; whatever it declines, the pipeline still answers
/// as `JSONDecoder` does. A failing seed is printed and can be replayed.
@Suite(.timeLimit(.minutes(3)))
struct ProductListDecodingPropertyTests {
  @Test func everyGeneratedPageIsReadByTheFastPathExactly() async throws {
    for seed in UInt64(1)...400 {
      var generator = ProductJSONGenerator(seed: seed)
      let (body, _) = generator.page(count: generator.int(in: 0...24))
      let parts = generator.int(in: 1...5)
      let expected = try JSONDecoder().decode(ProductListDTO.self, from: body)
      let read = try #require(await ProductListDecoding.read(body, parts: parts) { $0 }, "seed \(seed)")
      #expect(read.items == expected.products, "seed \(seed)")
      #expect(
        read.total == expected.total && read.skip == expected.skip && read.limit == expected.limit, "seed \(seed)")
    }
  }

  @Test func aMutatedBodyIsReadOrRefusedAsJSONDecoderReadsOrRefusesIt() async throws {
    var fastReads = 0
    var refusals = 0
    var dropped = 0
    for seed in UInt64(1)...1_500 {
      var generator = ProductJSONGenerator(seed: seed &* 7_919)
      var body = [UInt8](generator.page(count: generator.int(in: 1...6)).body)
      for _ in 0..<generator.int(in: 1...3) { mutate(&body, with: &generator) }
      let data = Data(body)
      let parts = generator.int(in: 1...4)
      let plain = Result { try JSONDecoder().decode(ProductListDTO.self, from: data) }

      if let read = await ProductListDecoding.read(data, parts: parts, { $0 }) {
        fastReads += 1
        // The heart of it: what the fast path reads, JSONDecoder reads, to the same values.
        let expected = try #require(try? plain.get(), "seed \(seed): JSONDecoder refuses what the fast path read")
        #expect(read.items == expected.products && expected.dropped.isEmpty, "seed \(seed)")
        #expect(read.total == expected.total && read.skip == expected.skip && read.limit == expected.limit)
      }
      // Read into models, it reads or declines the same body alike, to the same models.
      let models = await ProductListDecoding.readElements(data, parts: parts, Product.read)
      let mapped = await ProductListDecoding.read(data, parts: parts) { $0.model() }
      #expect((models == nil) == (mapped == nil), "seed \(seed): one reader declines, the other reads")
      #expect(models?.items == mapped?.items && models?.limit == mapped?.limit, "seed \(seed)")
      switch (plain, await outcome { try await ProductListDecoding.list(from: data, parts: parts) }) {
      case (.success(let expected), .success(let list)):
        expectSame(list, expected)
        if !expected.dropped.isEmpty { dropped += 1 }
      case (.failure(let expected), .failure(let error)):
        refusals += 1
        #expect("\(error)" == "\(expected)", "seed \(seed): the same error, path and all")
      case (let expected, let actual):
        Issue.record("seed \(seed): JSONDecoder gave \(expected), the pipeline \(actual)")
      }
    }
    // Not vacuous: all three outcomes occur.
    #expect(fastReads > 100 && refusals > 100 && dropped > 20, "\(fastReads) read, \(refusals) refused, \(dropped)")
  }

  @Test func theFastPathKnowsEveryFieldOfTheDTOs() async throws {
    // A field added to a DTO but not to the fast path would be skipped there and read by
    // JSONDecoder: the two would disagree. These counts change with the DTOs.
    let review = ProductDTO.Review(rating: 4, comment: "c", date: "d", reviewerName: "n", reviewerEmail: "e")
    let meta = ProductDTO.Meta(createdAt: "a", updatedAt: "u", barcode: "b", qrCode: "q")
    let product = ProductDTO(
      id: 7, title: "T", description: "D", category: "c", price: 9.99, discountPercentage: 1.5, rating: 4.5,
      stock: 3, tags: ["x", "y"], brand: "B", sku: "S", weight: 2, dimensions: .init(width: 1, height: 2, depth: 3),
      warrantyInformation: "w", shippingInformation: "s", availabilityStatus: "a", reviews: [review, review],
      returnPolicy: "r", minimumOrderQuantity: 5, meta: meta, images: ["i"], thumbnail: "t")
    #expect(Mirror(reflecting: product).children.count == 22)
    #expect(Mirror(reflecting: review).children.count == 5)
    #expect(Mirror(reflecting: meta).children.count == 4)
    #expect(Mirror(reflecting: product.dimensions!).children.count == 3)
    let labels = Set(Mirror(reflecting: product).children.compactMap(\.label))
    #expect(labels == Set(ProductDTO.Field.allCases.map { "\($0)" }))

    let product2 = ProductDTO(id: 8, title: "U", price: 1)
    let body = try JSONEncoder().encode(["products": [product, product2]]).dropLast() + Data(#","total":2}"#.utf8)
    let read = try #require(await ProductListDecoding.read(body, parts: 2) { $0 })
    #expect(read.items == [product, product2], "every field survives")
  }

  /// One random edit: a byte replaced by one that matters to JSON, inserted, deleted, a span
  /// repeated, or the end cut off.
  private func mutate(_ body: inout [UInt8], with generator: inout ProductJSONGenerator) {
    guard !body.isEmpty else { return }
    let interesting = Array(#"{}[],:"\ 0123456789-+.eEnultrfa/u"#.utf8) + [0x00, 0x01, 0x7F, 0xC3, 0xA9, 0xFF, 0x0A]
    let at = generator.int(in: 0...(body.count - 1))
    switch generator.int(in: 0...5) {
    case 0, 1: body[at] = generator.pick(interesting)
    case 2: body.insert(generator.pick(interesting), at: at)
    case 3: body.remove(at: at)
    case 4:
      let end = min(body.count, at + generator.int(in: 1...40))
      body.insert(contentsOf: body[at..<end], at: at)
    default: body.removeLast(generator.int(in: 1...min(8, body.count)))
    }
  }

  private func outcome(_ body: () async throws -> ProductListDTO) async -> Result<ProductListDTO, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
  }
}
