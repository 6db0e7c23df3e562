import CustodyHTTP
import Foundation
import Testing

@testable import Storefront

/// Reading a page straight into models gives what reading it into DTOs and mapping them gives,
/// and declines exactly the same bodies, so `page(from:)` still answers as `JSONDecoder` then
/// `model()` do: the same products, the same dropped entries, the same errors and paths.
@Suite(.timeLimit(.minutes(3)))
struct ProductModelReadingTests {
  /// Bodies where a reader that cuts, skips or checks strings carelessly would go wrong.
  static let bodies: [String] = [
    // Brackets, braces, commas and quotes inside strings, escaped quotes and backslashes.
    #"{"products":[{"id":1,"title":"] } [ { , : \" \\\" \\","price":1,"description":"},{\"id\":2,\"price\":2}"},{"id":2,"title":"[","price":2}],"total":2}"#,
    // Unicode escapes, surrogate pairs, raw non-ASCII, in kept and in dropped fields.
    #"{"products":[{"id":1,"title":"\u00e9\u00E9 \ud83d\ude00 é 😀 \u0041\/","price":1,"reviews":[{"rating":1,"comment":"\u2603","date":"d","reviewerName":"n","reviewerEmail":"\u00e9\"@x"}],"meta":{"barcode":"\ud83d\ude00","qrCode":"é"}}],"total":1}"#,
    // A lone surrogate, a bad escape and a raw control character in fields the model drops.
    #"{"products":[{"id":1,"title":"A","price":1,"meta":{"qrCode":"\ud800"}},{"id":2,"title":"B","price":2}],"total":2}"#,
    #"{"products":[{"id":1,"title":"A","price":1,"reviews":[{"rating":1,"comment":"c","date":"d","reviewerName":"n","reviewerEmail":"\x"}]}],"total":1}"#,
    "{\"products\":[{\"id\":1,\"title\":\"A\",\"price\":1,\"meta\":{\"barcode\":\"a\u{01}b\"}}],\"total\":1}",
    // Nested arrays and objects, known and unknown, empty and not.
    #"{"products":[{"id":1,"title":"A","price":1,"x":[[[]],[{"a":[{"id":2,"title":"B","price":2}]}],{}],"tags":[],"reviews":[],"images":[],"dimensions":{"width":1,"height":2,"depth":3,"unit":{"cm":[1]}}}],"total":1}"#,
    // Whitespace everywhere JSON allows it.
    " \n\t{ \"products\" :\r\n [ { \"id\" : 1 , \"title\" : \"A\" , \"price\" : 1 , \"tags\" : [ \"t\" , \"u\" ] ,"
      + " \"meta\" : { \"barcode\" : null } } \n, {\"id\":2,\"title\":\"B\",\"price\":2} ] , \"total\" : 2 } \n",
    // An empty array; an empty page with its envelope after it.
    #"{"products":[],"total":0}"#, #"{"products":[ ],"total":5,"skip":5,"limit":0}"#,
    // `products` not the first key; unknown keys around it and in products.
    #"{"limit":2,"extra":{"products":[{"id":9}]},"total":2,"products":[{"id":1,"title":"A","price":1,"new":"x"},{"id":2,"title":"B","price":2}],"skip":null,"more":[1,"]"]}"#,
    // `null` for every optional field, and for the optional fields the model replaces.
    #"{"products":[{"id":1,"title":"A","price":1,"description":null,"category":null,"tags":null,"brand":null,"reviews":null,"images":null,"thumbnail":null,"meta":null,"dimensions":null}],"total":1}"#,
    // Addresses that do not parse as URLs: the model keeps them as text, its `images` leaves them out.
    #"{"products":[{"id":1,"title":"A","price":1,"images":["","https://a.example/1.png","http://[::1"],"thumbnail":"http://[x"}],"total":1}"#,
    // Duplicate keys: in a product, its metadata, a review, the envelope.
    #"{"products":[{"id":1,"title":"A","price":1,"title":"B"}],"total":1}"#,
    #"{"products":[{"id":1,"title":"A","price":1,"meta":{"barcode":"1","barcode":"2"}}],"total":1}"#,
    #"{"products":[{"id":1,"title":"A","price":1,"reviews":[{"rating":1,"comment":"c","date":"d","reviewerName":"n","reviewerEmail":null,"reviewerEmail":"e"}]}],"total":1}"#,
    #"{"products":[{"id":1,"title":"A","price":1}],"total":1,"total":1}"#,
    // Malformed entries and pages: dropped and named, or failed.
    #"{"products":[{"id":1,"title":"A","price":1,"meta":{"barcode":7}},{"id":2,"title":"B","price":2}],"total":2}"#,
    #"{"products":[{"id":1,"title":"A","price":1,"reviews":[{"rating":1,"comment":"c","date":"d","reviewerName":"n","reviewerEmail":1}]}],"total":1}"#,
    #"{"products":[{"id":1,"title":"A","price":1}],"total":1"#, #"{"products":[{"id":1,"title":"A","pri"#,
    #"{"products":[{"id":1,"title":"A","price":1}]}"#, #"{"total":1}"#, "",
  ]

  @Test(arguments: bodies)
  func readsIntoModelsAsIntoDTOsThenModels(body: String) async throws {
    try await expectSameReading(Data(body.utf8))
  }

  @Test func invalidUTF8InAFieldTheModelDropsIsDeclinedAsInAFieldItKeeps() async throws {
    for field in [
      #""meta":{"barcode":"#, #""reviews":[{"rating":1,"comment":"c","date":"d","reviewerName":"n","reviewerEmail":"#,
      #""x":"#, #""title":"#,
    ] {
      for bad: [UInt8] in [
        [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
      ] {
        let close = field.hasPrefix(#""meta""#) ? "}" : field.hasPrefix(#""reviews""#) ? "}]" : ""
        var body = Array(#"{"products":[{"id":1,"title":"A","price":1,"#.utf8) + Array(field.utf8)
        body += Array(#""a"#.utf8) + bad + Array(#"b"\#(close)},{"id":2,"title":"B","price":2}],"total":2}"#.utf8)
        try await expectSameReading(Data(body))
      }
    }
  }

  /// Strings are scanned eight bytes at a time: a quote, an escape, a control character, a
  /// non-ASCII or an invalid byte at any offset of a word, in a field the model keeps and in one
  /// it skips, and the closing quote anywhere after it (in the same word, or in a later one),
  /// reads as `JSONDecoder` reads it.
  @Test func aSpecialByteAtAnyOffsetOfAStringReadsAsJSONDecoderReadsIt() async throws {
    let specials: [[UInt8]] = [
      Array(#"""#.utf8), Array(#"\"#.utf8), Array(#"A"#.utf8), Array("é".utf8), Array("😀".utf8), [0x01],
      [0x1F], [0x7F], [0xFF], [0xC3], Array(#"""#.utf8),
    ]
    let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    for special in specials {
      for offset in 0...17 {
        for tail in [0, 1, 4, 6, 9] {
          let text = letters.prefix(offset) + special + letters.prefix(tail)
          for (open, close) in [(#""title":""#, #"""#), (#""meta":{"barcode":""#, #""}"#)] {
            var body = Array(#"{"products":[{"id":1,"price":1,"#.utf8) + Array(open.utf8) + text + Array(close.utf8)
            if !open.contains("title") { body += Array(#","title":"A""#.utf8) }
            body += Array(#"},{"id":2,"title":"B","price":2}],"total":2}"#.utf8)
            try await expectSameReading(Data(body))
          }
        }
      }
    }
  }

  @Test func aPageCutAnywhereReadsAsJSONDecoderReadsIt() async throws {
    var generator = ProductJSONGenerator(seed: 22)
    let (body, _) = generator.page(count: 4)
    for end in stride(from: 0, through: body.count, by: 7) {
      try await expectSameReading(body.prefix(end))
    }
  }

  @Test(arguments: 1...40)
  func generatedPagesReadTheSameWay(seed: UInt64) async throws {
    var generator = ProductJSONGenerator(seed: seed &* 104_729)
    let (body, _) = generator.page(count: generator.int(in: 0...12))
    try await expectSameReading(body)
  }

  @Test func partsReadAtOnceOnMoreCoresGiveWhatPartsReadInTurnGive() async throws {
    var generator = ProductJSONGenerator(seed: 7)
    let (body, _) = generator.page(count: 120)
    let expected = try JSONDecoder().decode(ProductListDTO.self, from: body).model()
    for width in [1, 2, 3, 8] {
      for parts in [1, 2, 5, 16] {
        let read = try #require(await ProductListDecoding.readElements(body, parts: parts, width: width, Product.read))
        #expect(read.items == expected.products, "width \(width), \(parts) parts")
        #expect(read.total == expected.total && read.skip == expected.skip)
      }
    }
    // A wrong cut found by a part read at once is caught as in turn: the page still reads.
    let product = #"{"id":1,"title":"A","price":1,"related":[{"id":2},{"id":3},{"id":4}]}"#
    let tricky = Data(
      (#"{"products":["# + Array(repeating: product, count: 50).joined(separator: ",") + #"],"total":50}"#).utf8)
    for width in [1, 3] {
      let read = try #require(await ProductListDecoding.readElements(tricky, parts: 8, width: width, Product.read))
      #expect(read.items.count == 50 && read.items.allSatisfy { $0 == Product(id: 1, title: "A", price: 1) })
    }
  }

  @Test func theUTF8CheckOfSkippedStringsAgreesWithStringDecoding() {
    func agrees(_ bytes: [UInt8]) -> Bool {
      let valid = bytes.withUnsafeBufferPointer(JSONReader.isValidUTF8)
      return valid == Array(String(decoding: bytes, as: UTF8.self).utf8).elementsEqual(bytes)
    }
    var disagreements: [[UInt8]] = []
    for first in UInt8.min...UInt8.max {
      if !agrees([first]) { disagreements.append([first]) }
      for second in UInt8.min...UInt8.max where !agrees([first, second]) { disagreements.append([first, second]) }
    }
    let edges: [UInt8] = [
      0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    for a in edges {
      for b in edges {
        for c in edges {
          if !agrees([a, b, c]) { disagreements.append([a, b, c]) }
          for d in edges where !agrees([a, b, c, d]) { disagreements.append([a, b, c, d]) }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  /// The model reader and the DTO reader then `model()` read or decline `body` alike, in any
  /// number of parts; and `page(from:)` answers as `JSONDecoder` then `model()`, directly and
  /// through the client (the same `HTTPError`, coding path and all).
  private func expectSameReading(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for parts in [1, 2, 3] {
      let models = await ProductListDecoding.readElements(body, parts: parts, Product.read)
      let mapped = await ProductListDecoding.read(body, parts: parts) { $0.model() }
      #expect((models == nil) == (mapped == nil), "both read or both decline", sourceLocation: sourceLocation)
      if let models, let mapped {
        #expect(models.items == mapped.items, sourceLocation: sourceLocation)
        #expect(
          [models.total, models.skip, models.limit] as [Int] == [mapped.total, mapped.skip, mapped.limit],
          sourceLocation: sourceLocation)
      }
      let plain = Result { try JSONDecoder().decode(ProductListDTO.self, from: body).model() }
      let fast = await outcome { try await ProductListDecoding.page(from: body, parts: parts) }
      switch (plain, fast) {
      case (.success(let expected), .success(let page)): #expect(page == expected, sourceLocation: sourceLocation)
      case (.failure(let expected), .failure(let error)):
        #expect("\(error)" == "\(expected)", sourceLocation: sourceLocation)
      default: Issue.record("JSONDecoder gave \(plain), the pipeline \(fast)", sourceLocation: sourceLocation)
      }
    }
    let transport = InProcessTransport { _ in HTTPResponse(status: 200, body: body) }
    let client = HTTPClient(baseURL: testBaseURL, transport: transport)
    let plain = await outcome { try await client.send(Endpoint<ProductListDTO>(path: "/products")).model() }
    let fast = await outcome {
      try await client.send(Endpoint<ProductPage>(path: "/products")) { body, decoder in
        try await ProductListDecoding.page(from: body, using: decoder, parts: 2)
      }
    }
    switch (plain, fast) {
    case (.success(let expected), .success(let page)): #expect(page == expected, sourceLocation: sourceLocation)
    case (.failure(let expected), .failure(let error)):
      #expect(error as? HTTPError == expected as? HTTPError, sourceLocation: sourceLocation)
      #expect(error is HTTPError, sourceLocation: sourceLocation)
    default: Issue.record("the client gave \(plain), the pipeline \(fast)", sourceLocation: sourceLocation)
    }
  }

  private func outcome(_ body: () async throws -> ProductPage) async -> Result<ProductPage, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
  }
}
