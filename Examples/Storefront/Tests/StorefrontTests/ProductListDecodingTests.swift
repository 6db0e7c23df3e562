import CustodyHTTP
import Foundation
import Testing

@testable import Storefront

/// The fast page decoder reads exactly what `JSONDecoder` reads, in one part or many, and
/// leaves whatever it does not read exactly to `JSONDecoder`, whose errors then stand.
@Suite(.timeLimit(.minutes(2)))
struct ProductListDecodingTests {
  @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 200])
  func readsGeneratedPagesAsJSONDecoderDoesInAnyNumberOfParts(count: Int) async throws {
    var generator = ProductJSONGenerator(seed: UInt64(count))
    let (body, _) = generator.page(count: count)
    let expected = try JSONDecoder().decode(ProductListDTO.self, from: body)
    for parts in [1, 2, 3, 8, count, count + 1] where parts > 0 {
      let read = try #require(await ProductListDecoding.read(body, parts: parts) { $0 }, "the fast path reads it")
      #expect(read.items == expected.products)
      #expect([read.total, read.skip, read.limit] as [Int] == [expected.total, expected.skip, expected.limit])
      expectSame(try await ProductListDecoding.list(from: body, parts: parts), expected)
      #expect(try await ProductListDecoding.page(from: body, parts: parts) == expected.model())
    }
  }

  @Test(arguments: [2, 3, 8, 64])
  func cutsFallBetweenProductsAndThePartsReadAsOne(parts: Int) async throws {
    var generator = ProductJSONGenerator(seed: UInt64(parts), mimicsProducts: false)
    let (body, separators) = generator.page(count: 64)
    let (head, cuts) = try body.withUnsafeBytes { bytes in
      let base = try #require(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
      let head = try ProductListReader.readHead(base, count: bytes.count)
      return (head, ProductListReader.cuts(base, from: head.elementsStart, count: bytes.count, parts: parts))
    }
    #expect(cuts.count >= (parts - 1) / 2, "about one cut per share of the body")
    #expect(cuts.allSatisfy(separators.contains), "only between products")
    #expect(cuts == cuts.sorted() && Set(cuts).count == cuts.count)

    let read = try #require(await ProductListDecoding.read(body, head: head, cuts: cuts) { $0 }, "no part declines")
    let expected = try JSONDecoder().decode(ProductListDTO.self, from: body)
    #expect(read.items == expected.products && read.total == expected.total && read.limit == expected.limit)
  }

  @Test func aCutThatFallsInsideAProductIsCaughtAndThePageStillReads() async throws {
    // Every product holds an array of objects that starts like a product: a cut guessed there
    // leaves the part before it ending inside a product, which it must notice.
    let product = #"{"id":1,"title":"A","price":1,"related":[{"id":2},{"id":3},{"id":4}]}"#
    let body = Data(
      (#"{"products":["# + Array(repeating: product, count: 50).joined(separator: ",") + #"],"total":50}"#).utf8)
    let read = try #require(await ProductListDecoding.read(body, parts: 8) { $0 })
    #expect(read.items.count == 50)
    #expect(read.items == (try JSONDecoder().decode(ProductListDTO.self, from: body)).products)
  }

  @Test(arguments: [
    #"{"id":1,"title":"He said \"hi\" [and] {left}, \\ / \/ \u00e9\u00E9 \ud83d\ude00 \u0000 é 😀","price":1}"#,
    #"{"id":1,"title":"},{\"id\":2,\"title\":\"fake\",\"price\":2}","price":1}"#,
    #"{"id":1,"title":"A","price":1,"tags":["a","[b]","{c}",""],"images":[],"reviews":[]}"#,
    #"{"id":1,"title":"A","price":1,"tags":null,"images":null,"reviews":null,"dimensions":null,"meta":null}"#,
    #"{"id":1,"title":"A","price":1,"reviews":[{"rating":5,"comment":"\"ok\"","date":"d","reviewerName":"N"},{"rating":1,"comment":"]","date":"d","reviewerName":"M","reviewerEmail":null}]}"#,
    #"{ "price" : 1.5e3 , "title" : "A" , "id" : -0 , "weight" : -0.0, "rating": 4.9e-1, "stock": 9223372036854775807 }"#,
    #"{"id":1,"title":"A","price":123456789012345678901234567890,"discountPercentage":0.1000000000000000055511151231257827}"#,
    #"{"id":1,"title":"A","price":1,"unknown":{"a":[1,{"b":[true,false,null,"\"]}"]}],"c":-1.5E+2}}"#,
  ])
  func readsTrickyProductsExactly(product: String) async throws {
    let body = Data(#"{"products":[\#(product),\#(product)],"total":2,"skip":null}"#.utf8)
    let expected = try JSONDecoder().decode(ProductListDTO.self, from: body)
    #expect(expected.dropped.isEmpty, "the plain decoder reads the product")
    let read = try #require(await ProductListDecoding.read(body, parts: 2) { $0 }, "the fast path reads it")
    #expect(read.items == expected.products && read.total == 2 && read.skip == 0 && read.limit == 2)
  }

  @Test(arguments: [
    #"{"id":123,"title":"P","price":"cheap"}"#, #"{"id":123,"title":"P","price":null}"#,
    #"{"id":123,"title":"P","price":1,"reviews":[{"rating":5,"comment":"c","date":"d","reviewerName":"n"},{"rating":"5"}]}"#,
    #"{"id":123,"title":"P","price":1,"dimensions":{"width":1,"height":2}}"#,
    #"{"id":123,"title":"P","price":1,"tags":["a",null]}"#, #"{"id":123,"title":"P","price":1,"stock":1.5}"#,
    #"{"id":123,"title":"P\ud800","price":1}"#, #"[123]"#,
  ])
  func aMalformedProductIsDroppedAndNamedAsJSONDecoderNamesIt(product: String) async throws {
    var products = (0..<300).map { #"{"id":\#($0),"title":"P","price":1}"# }
    products[123] = product
    let body = Data(#"{"products":[\#(products.joined(separator: ","))],"total":300,"skip":0}"#.utf8)
    let expected = try JSONDecoder().decode(ProductListDTO.self, from: body)
    #expect(await ProductListDecoding.read(body, parts: 4) { $0 } == nil, "the fast path declines")

    let list = try await ProductListDecoding.list(from: body, parts: 4)
    expectSame(list, expected)
    #expect(list.dropped.count == 1 && list.dropped[0].hasPrefix("products[123]: "), "names the entry")
    let page = try await ProductListDecoding.page(from: body, parts: 4)
    #expect(page == expected.model())
  }

  @Test(arguments: [
    #"{"products":[{"id":1,"title":"A","price":1}],"total":"ten"}"#, #"{"products":[],"skip":0}"#,
    #"{"products":null,"total":1}"#, #"{"products":[{"id":1,"title":"A","price":1}],"total":1"#,
    #"{"products":[{"id":1,"title":"A","price":1}],"total":1} x"#, #"{"products":[{"id":1,"title":"A","price":1,}"#, "",
  ])
  func aMalformedPageFailsWithJSONDecodersErrorThroughTheClient(body: String) async throws {
    let transport = InProcessTransport { _ in HTTPResponse(status: 200, body: Data(body.utf8)) }
    let client = HTTPClient(baseURL: testBaseURL, transport: transport)
    let plain = await failure { _ = try await client.send(Endpoint<ProductListDTO>(path: "/products")) }
    let fast = await failure {
      _ = try await client.send(Endpoint<ProductPage>(path: "/products")) { body, decoder in
        try await ProductListDecoding.page(from: body, using: decoder, parts: 2)
      }
    }
    #expect(plain != nil && fast == plain)
  }

  @Test func theServiceReadsPagesThroughTheFastPathWithTheirDroppedEntries() async throws {
    let products = (1...500).map { $0 == 250 ? #"{"id":250,"price":2}"# : #"{"id":\#($0),"title":"P","price":2}"# }
    let body = Data(#"{"products":[\#(products.joined(separator: ","))],"total":900,"skip":0,"limit":500}"#.utf8)
    let service = LiveProductService(
      client: HTTPClient(
        baseURL: testBaseURL, transport: InProcessTransport { _ in HTTPResponse(status: 200, body: body) }))

    let page = try await service.products(ProductQuery(limit: 500, skip: 0))

    #expect(page == (try JSONDecoder().decode(ProductListDTO.self, from: body)).model())
    #expect(page.products.count == 499 && page.droppedCount == 1 && page.hasMore)
  }

  @Test(arguments: [
    #"{"products":[{"id":1,"title":"A","price":1,"title":"B"}],"total":1}"#,
    #"{"products":[{"id":1,"title":"A","price":1}],"total":1,"total":2}"#,
    #"{"products":[{"id":1,"title":"A","price":1}],"total":1,"products":[]}"#,
    #"{"products":[{"id":1.0,"title":"A","price":1}],"total":1e0}"#,
    #"{"products":[{"id":1,"title":"A","price":1e-400}],"total":1}"#,
    #"{"products":[{"\u0069d":1,"title":"A","price":1}],"total":1}"#, "\u{FEFF}{\"products\":[],\"total\":0}",
    // JSONDecoder reads trailing commas and raw control characters; strict JSON has neither.
    #"{"products":[{"id":1,"title":"A","price":1,},],"total":1,}"#,
    #"{"total":1,"products":[{"id":1,"title":"A\#u{01}","price":1}]}"#,
  ])
  func whatJSONDecoderMayReadOtherwiseIsLeftToIt(body: String) async throws {
    let data = Data(body.utf8)
    #expect(await ProductListDecoding.read(data, parts: 1) { $0 } == nil, "the fast path declines")
    let plain = Result { try JSONDecoder().decode(ProductListDTO.self, from: data) }
    let fast = await outcome { try await ProductListDecoding.list(from: data) }
    switch (plain, fast) {
    case (.success(let expected), .success(let list)): expectSame(list, expected)
    case (.failure(let expected), .failure(let error)): #expect("\(error)" == "\(expected)")
    default: Issue.record("JSONDecoder gave \(plain), the pipeline \(fast)")
    }
  }

  @Test func aDecoderWithAKeyStrategyIsLeftToReadTheWholeBody() async throws {
    let body = Data(#"{"products":[{"id":1,"title":"A","price":1,"brand_name":"x"}],"total":1}"#.utf8)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try decoder.decode(ProductListDTO.self, from: body)
    expectSame(try await ProductListDecoding.list(from: body, using: decoder), expected)
  }

  private func outcome(_ body: () async throws -> ProductListDTO) async -> Result<ProductListDTO, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
  }

  private func failure(_ body: () async throws -> Void) async -> HTTPError? {
    do {
      try await body()
      return nil
    } catch {
      return error as? HTTPError
    }
  }
}

/// `actual` and `expected` hold the same page, dropped entries and their reasons included.
func expectSame(_ actual: ProductListDTO, _ expected: ProductListDTO, sourceLocation: SourceLocation = #_sourceLocation)
{
  #expect(actual.products == expected.products, sourceLocation: sourceLocation)
  #expect(
    [actual.total, actual.skip, actual.limit] as [Int] == [expected.total, expected.skip, expected.limit],
    sourceLocation: sourceLocation)
  #expect(actual.dropped == expected.dropped, sourceLocation: sourceLocation)
}
