import Custody
import CustodyHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport over a session configuration of the app's own, and a challenge handler.
///
/// httpbin's `/basic-auth/user/pass` answers 401 with `WWW-Authenticate: Basic`, which both
/// FoundationNetworking and Darwin deliver as a task challenge. Server trust challenges (for
/// certificate pinning) need TLS, which this httpbin does not serve, and FoundationNetworking
/// never delivers them: they are not tested here.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(1)))
struct HTTPBinSessionTests {
  struct BasicAuth: Decodable, Sendable {
    let authenticated: Bool
    let user: String
  }

  static let protected = Endpoint<BasicAuth>(path: "/basic-auth/user/pass")

  /// Records every challenge its handler is asked, and answers with `answer`.
  final class Challenges: Sendable {
    let methods = LockedState<[String]>([])
    let failureCounts = LockedState<[Int]>([])
    let answer: @Sendable (URLAuthenticationChallenge) -> URLSessionTransport.ChallengeAnswer

    init(_ answer: @escaping @Sendable (URLAuthenticationChallenge) -> URLSessionTransport.ChallengeAnswer) {
      self.answer = answer
    }

    func client() -> HTTPClient {
      let transport = URLSessionTransport(session: URLSessionTransport.defaultSessionConfiguration()) { challenge in
        self.methods.withLock { $0.append(challenge.protectionSpace.authenticationMethod) }
        self.failureCounts.withLock { $0.append(challenge.previousFailureCount) }
        return self.answer(challenge)
      }
      return HTTPClient(baseURL: HTTPBin.url!, transport: transport)
    }
  }

  @Test func theSessionConfigurationsHeadersReachTheServer() async throws {
    let session = URLSessionTransport.defaultSessionConfiguration()
    session.httpAdditionalHeaders = ["X-Custody-Client": "storefront/2.1"]
    let client = HTTPClient(baseURL: HTTPBin.url!, transport: URLSessionTransport(session: session))

    let echo = try await client.send(Endpoint<Echo>(path: "/headers"))

    #expect(echo.headers["X-Custody-Client"] == "storefront/2.1")
  }

  @Test func aRequestHeaderWinsOverTheSessions() async throws {
    let session = URLSessionTransport.defaultSessionConfiguration()
    session.httpAdditionalHeaders = ["X-Custody-Client": "session"]
    let client = HTTPClient(baseURL: HTTPBin.url!, transport: URLSessionTransport(session: session))

    let echo = try await client.send(Endpoint<Echo>(path: "/headers", headers: ["X-Custody-Client": "request"]))

    #expect(echo.headers["X-Custody-Client"] == "request")
  }

  @Test func aChallengeHandlerAnswersBasicAuthentication() async throws {
    let challenges = Challenges { challenge in
      challenge.previousFailureCount == 0
        ? .useCredential(URLCredential(user: "user", password: "pass", persistence: .none)) : .performDefaultHandling
    }

    let answer = try await challenges.client().send(Self.protected)

    #expect(answer.authenticated && answer.user == "user")
    #expect(challenges.methods.withLock { $0 } == [NSURLAuthenticationMethodHTTPBasic])
  }

  @Test func aWrongCredentialIsAskedAboutAgainAndThenThe401ReachesTheCaller() async {
    let challenges = Challenges { challenge in
      challenge.previousFailureCount == 0
        ? .useCredential(URLCredential(user: "user", password: "wrong", persistence: .none)) : .performDefaultHandling
    }

    let failure = await challenges.client().failure(of: Self.protected)

    #expect(failure == .unauthorized(message: nil))
    #expect(challenges.failureCounts.withLock { $0 } == [0, 1])
  }

  @Test(arguments: [URLSessionTransport.ChallengeAnswer.performDefaultHandling, .rejectProtectionSpace])
  func declining(with answer: URLSessionTransport.ChallengeAnswer) async {
    let challenges = Challenges { _ in answer }
    let failure = await challenges.client().failure(of: Self.protected)
    #expect(failure == .unauthorized(message: nil))
    #expect(challenges.methods.withLock { $0.count } == 1)
  }

  @Test func cancellingAChallengeFailsTheRequestWithoutLookingCancelled() async {
    let challenges = Challenges { _ in .cancel }
    let failure = await challenges.client().failure(of: Self.protected)
    #expect(failure == .transport(code: -1012, reason: "the authentication challenge was refused"))
    #expect(failure?.failureCategory != .cancelled)
  }

  @Test func aChallengeHandlerIsConsultedForStreamsToo() async throws {
    let challenges = Challenges { _ in .useCredential(URLCredential(user: "user", password: "pass", persistence: .none))
    }
    let streamed = try await challenges.client().stream(Self.protected)
    var body = Data()
    for try await chunk in streamed.body { body.append(chunk) }
    #expect(try JSONDecoder().decode(BasicAuth.self, from: body).authenticated)
  }

  @Test func withoutAHandlerABasicChallengeIsAnUnauthorizedFailure() async {
    let failure = await HTTPBin.client().failure(of: Self.protected)
    #expect(failure == .unauthorized(message: nil))
  }
}
