import Custody
import CustodyHTTP
import Foundation
import Testing

/// ``URLSessionTransport`` against a real HTTP server: statuses, timeouts, cancellation, auth.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(3)))
struct HTTPBinTransportTests {
  @Test(arguments: [
    (401, FailureCategory.unauthorized), (403, .forbidden), (404, .notFound), (429, .rateLimited(retryAfter: nil)),
    (400, .rejected(status: 400)), (418, .rejected(status: 418)), (500, .server(status: 500)),
    (502, .server(status: 502)), (503, .server(status: 503)),
  ])
  func mapsStatusesToCategories(status: Int, category: FailureCategory) async {
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/status/\(status)"))
    #expect(failure?.failureCategory == category)
  }

  @Test func succeedsOnA2xx() async throws {
    let response = try await HTTPBin.client().response(for: Endpoint<Void>(path: "/status/204"))
    #expect(response.status == 204)
  }

  @Test func aClosedPortIsOffline() async {
    let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:1")!, transport: URLSessionTransport())
    let failure = await client.failure(of: Endpoint<Echo>(path: "/get"))
    #expect(failure?.failureCategory == .offline)
  }

  // The server below answers after 10 s, with a success. A timed-out outcome therefore shows
  // that the call ended before that answer. The test does not bound the time with a clock: the
  // whole package's tests share two cores, and CPU-heavy suites running beside it can hold back
  // any task by seconds. (Cancellation is tested against a server that never answers, in
  // `FaultMatrixTests`, so no load can make the answer come first.)

  @Test func aSlowServerTimesOut() async {
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/delay/10", timeout: .seconds(1)))
    #expect(failure == .timedOut)
  }

  @Test func sendsTheBearerTokenFromTheTokenStore() async throws {
    struct Bearer: Decodable {
      let authenticated: Bool
      let token: String
    }
    let authorization = AuthorizationMiddleware(
      authenticator: BearerAuthenticator { $0 },
      credential: Credential(accessToken: "token-1", refreshToken: nil, expiresAt: nil))
    let client = HTTPBin.client(middleware: [authorization])

    let bearer = try await client.send(Endpoint<Bearer>(path: "/bearer"))

    #expect(bearer.authenticated)
    #expect(bearer.token == "token-1")
  }

  @Test func withoutATokenBearerIsUnauthorized() async {
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/bearer"))
    #expect(failure?.failureCategory == .unauthorized)
  }
}
