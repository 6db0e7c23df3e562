import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1)))
struct HTTPClientTests {
  @Test func sendsPathAndQueryBelowTheBaseURL() async throws {
    let server = ScriptedServer()
    let client = HTTPClient.inProcess(server)
    let query = [URLQueryItem(name: "q", value: "a+b c"), URLQueryItem(name: "limit", value: "30")]
    async let page = client.response(for: Endpoint<Item>(path: "/products/search", query: query))

    let request = try await server.waitForCalls(1)[0].input
    server.calls[0].resolve(HTTPResponse(status: 200))
    _ = try await page

    #expect(request.url.absoluteString == "https://api.test/v1/products/search?q=a%2Bb%20c&limit=30")
    #expect(request.path == "/v1/products/search")
    #expect(request.queryValue("q") == "a+b c")
    #expect(request.method == .get)
    #expect(request.headers["accept"] == "application/json")
  }

  @Test func encodesAJSONBodyAndDecodesTheAnswer() async throws {
    let server = ScriptedServer()
    let client = HTTPClient.inProcess(server)
    async let created = client.send(.create(Item(id: 0, title: "Lamp")))

    let request = try await server.waitForCalls(1)[0].input
    let sent = try JSONDecoder().decode(Item.self, from: try #require(request.body))
    server.calls[0].resolve(try .json(Item(id: 7, title: sent.title), status: 201))

    #expect(try await created == Item(id: 7, title: "Lamp"))
    #expect(request.method == .post)
    #expect(request.headers["Content-Type"] == "application/json")
  }

  @Test(arguments: [
    (401, FailureCategory.unauthorized), (403, .forbidden), (404, .notFound), (429, .rateLimited(retryAfter: nil)),
    (400, .rejected(status: 400)), (422, .rejected(status: 422)), (500, .server(status: 500)),
    (503, .server(status: 503)), (302, .invalidResponse), (101, .invalidResponse),
  ])
  func mapsStatusesToCategories(status: Int, category: FailureCategory) async {
    let client = HTTPClient(baseURL: testBaseURL, transport: InProcessTransport { _ in HTTPResponse(status: status) })
    let failure = await client.failure(of: .item(1))
    #expect(failure?.failureCategory == category)
    #expect(failure?.status == status)
  }

  @Test func keepsTheServersMessageAndRetryAfter() async {
    let client = HTTPClient(
      baseURL: testBaseURL,
      transport: InProcessTransport { request in
        request.path.hasSuffix("/1")
          ? .message("Product with id '1' not found", status: 404)
          : .message("Slow down", status: 429, headers: ["Retry-After": "30"])
      }, errorMessage: .jsonField("message"))

    let notFound = await client.failure(of: .item(1))
    let limited = await client.failure(of: .item(2))

    #expect(notFound == .notFound(message: "Product with id '1' not found"))
    #expect(notFound?.description.contains("Product with id '1' not found") == true)
    #expect(limited?.failureCategory == .rateLimited(retryAfter: .seconds(30)))
  }

  @Test func reportsTheCodingPathOfABodyThatDoesNotDecode() async {
    let client = HTTPClient(
      baseURL: testBaseURL,
      transport: InProcessTransport { _ in HTTPResponse(status: 200, body: Data(#"{"id":"seven"}"#.utf8)) })
    let failure = await client.failure(of: .item(1))
    guard case .invalidResponse(let reason)? = failure else {
      Issue.record("expected an invalid response, got \(String(describing: failure))")
      return
    }
    #expect(reason.contains("at id"))
    #expect(!reason.contains("seven"), "values found in the body are not repeated in the error")
  }

  @Test(arguments: [
    (URLError(.notConnectedToInternet) as any Error, FailureCategory.offline),
    (URLError(.cannotConnectToHost), .offline), (URLError(.networkConnectionLost), .offline),
    (URLError(.timedOut), .timedOut), (URLError(.cancelled), .cancelled), (CancellationError(), .cancelled),
    (HTTPError.responseTooLarge(limit: 10), .invalidResponse), (URLError(.badServerResponse), .invalidResponse),
  ])
  func mapsTransportErrorsToCategories(error: any Error, category: FailureCategory) async {
    let client = HTTPClient(baseURL: testBaseURL, transport: InProcessTransport { _ in throw error })
    let failure = await client.failure(of: .item(1))
    #expect(failure?.failureCategory == category)
  }

  @Test func aCancelledCallerGetsCancelledAndTheServerCallIsCancelled() async throws {
    let server = ScriptedServer()
    let client = HTTPClient.inProcess(server)
    let call = Task { await client.failure(of: .item(1)) }

    let pending = try await server.waitForCalls(1)[0]
    call.cancel()

    #expect(await call.value == .cancelled)
    #expect(pending.isCancelled)
  }

  @Test func descriptionsNeverShowCredentials() {
    var request = HTTPRequest(url: URL(string: "https://api.test/me?access_token=abc123&page=2")!)
    request.headers["Authorization"] = "Bearer abc123"
    request.headers["Cookie"] = "session=abc123"

    let printed = [
      String(describing: request), String(describing: request.headers), String(reflecting: request.headers),
      String(describing: Mirror(reflecting: request.headers).children.map(\.value)),
    ]

    for text in printed { #expect(!text.contains("abc123"), "\(text)") }
    #expect(String(describing: request).contains("page=2"))
  }
}
