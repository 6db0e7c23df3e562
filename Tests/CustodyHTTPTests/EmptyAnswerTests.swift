import CustodyHTTP
import Foundation
import Testing

/// Answers without a body: `Endpoint<Void>` ignores any body, an `Optional` response is `nil`,
/// and any other type says the body is empty.
@Suite(.timeLimit(.minutes(1)))
struct EmptyAnswerTests {
  static func client(status: Int, body: Data = Data()) -> HTTPClient {
    HTTPClient(baseURL: testBaseURL, transport: InProcessTransport { _ in HTTPResponse(status: status, body: body) })
  }

  @Test(arguments: [204, 205, 200])
  func anEmptyAnswerDecodesToNilForAnOptional(status: Int) async throws {
    let item = try await Self.client(status: status).send(Endpoint<Item?>(path: "/items/1"))
    #expect(item == nil)
  }

  @Test func anOptionalWithABodyDecodesIt() async throws {
    let body = try JSONEncoder().encode(Item(id: 7))
    let item = try await Self.client(status: 200, body: body).send(Endpoint<Item?>(path: "/items/7"))
    #expect(item == Item(id: 7))
  }

  @Test func anEmptyAnswerForATypeThatCannotBeAbsentSaysSo() async {
    let failure = await Self.client(status: 204).failure(of: Endpoint<Item>(path: "/items/1"))
    #expect(failure == .invalidResponse(reason: "the body is empty"))
  }

  @Test func aVoidEndpointIgnoresABody() async throws {
    try await Self.client(status: 200, body: Data("not JSON at all".utf8)).send(Endpoint<Void>(path: "/items/1"))
  }

  @Test func aVoidEndpointStillFailsOnAnErrorStatus() async {
    do {
      try await Self.client(status: 404).send(Endpoint<Void>(method: .delete, path: "/items/1"))
      Issue.record("a 404 succeeded")
    } catch {
      #expect(error == .notFound(message: nil))
    }
  }
}

/// The same against httpbin, whose `/status/204` and `/status/200` answer with no body.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(1)))
struct HTTPBinEmptyAnswerTests {
  @Test(arguments: [204, 200])
  func anEmptyAnswerIsAVoidSuccessAndANilOptional(status: Int) async throws {
    let client = HTTPBin.client()
    try await client.send(Endpoint<Void>(path: "/status/\(status)"))
    let echo = try await client.send(Endpoint<Echo?>(path: "/status/\(status)"))
    #expect(echo == nil)
  }

  @Test func aVoidEndpointIgnoresAJSONBody() async throws {
    try await HTTPBin.client().send(Endpoint<Void>(path: "/get"))
  }

  @Test func anOptionalDecodesABodyWhenThereIsOne() async throws {
    let echo = try await HTTPBin.client().send(Endpoint<Echo?>(path: "/get"))
    #expect(echo?.headers["Host"] != nil)
  }

  @Test func anEmptyAnswerForARequiredTypeIsAnInvalidResponse() async {
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/status/204"))
    #expect(failure == .invalidResponse(reason: "the body is empty"))
  }
}
