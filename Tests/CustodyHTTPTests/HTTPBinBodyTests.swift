import Custody
import CustodyHTTP
import Foundation
import Testing

/// Bodies over ``URLSessionTransport``: size limits, bodies that are not the expected JSON,
/// compression, and large JSON.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(3)))
struct HTTPBinBodyTests {
  let limited = HTTPBin.client(.init(maximumResponseSize: 10_000))

  @Test func stopsReadingABodyAnnouncedOverTheLimit() async {
    let failure = await limited.failure(of: Endpoint<Echo>(path: "/bytes/50000"))
    #expect(failure == .responseTooLarge(limit: 10_000))
    #expect(failure?.failureCategory == .invalidResponse)
  }

  @Test func stopsReadingAStreamedBodyOnceItPassesTheLimit() async {
    let failure = await limited.failure(
      of: Endpoint<Echo>(path: "/stream-bytes/50000", query: [.init(name: "chunk_size", value: "1000")]))
    #expect(failure == .responseTooLarge(limit: 10_000))
  }

  @Test func readsABodyWithinTheLimit() async throws {
    let response = try await limited.response(for: Endpoint<Void>(path: "/bytes/9000"))
    #expect(response.body.count == 9000)
  }

  @Test func anHTMLPageIsAnInvalidResponse() async {
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/html"))
    #expect(failure == .invalidResponse(reason: "the body is not valid JSON"))
  }

  @Test func malformedJSONIsAnInvalidResponse() async {
    let malformed = Data(#"{"headers": {"Host": "#.utf8).base64EncodedString()
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/base64/\(malformed)"))
    #expect(failure?.failureCategory == .invalidResponse)
  }

  @Test func JSONOfTheWrongShapeNamesTheCodingPath() async {
    struct Slideshow: Decodable {
      struct Show: Decodable { let slides: [Slide] }
      struct Slide: Decodable { let title: Int }
      let slideshow: Show
    }
    let failure = await HTTPBin.client().failure(of: Endpoint<Slideshow>(path: "/json"))
    guard case .invalidResponse(let reason)? = failure else {
      Issue.record("expected an invalid response, got \(String(describing: failure))")
      return
    }
    #expect(reason.hasPrefix("at slideshow.slides[0].title: expected Int"))
  }

  @Test(arguments: ["gzip", "deflate", "brotli"])
  func decompressesEncodedBodies(encoding: String) async throws {
    let response = try await HTTPBin.client().response(for: Endpoint<Void>(path: "/\(encoding)"))
    let flags = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    let flag = ["gzip": "gzipped", "deflate": "deflated", "brotli": "brotli"][encoding]!
    #expect(flags?[flag] as? Bool == true)
  }

  @Test func decodesLargeJSON() async throws {
    struct Echoed: Decodable { let json: [Item] }
    let items = (0..<40_000).map { Item(id: $0, title: "Item number \($0) with a longer title") }
    let endpoint = Endpoint<Echoed>(method: .post, path: "/anything", json: items)

    let response = try await HTTPBin.client().response(for: endpoint)
    let echoed = try await HTTPBin.client().send(endpoint)

    #expect(response.body.count > 4_000_000)
    #expect(echoed.json == items)
  }
}
