import Custody
import CustodyHTTP
import CustodyTesting
import Foundation

/// An in-process server of the Storefront auth contract: `POST /auth/refresh` issues a new
/// access token (or rejects the refresh token), `GET /auth/me` accepts only the newest one.
actor AuthServer {
  enum RefreshAnswer {
    case issue
    case reject(status: Int)
  }

  private var issued = 0
  private var acceptsTokens = true
  private var refreshAnswer = RefreshAnswer.issue
  /// How many requests each path received.
  private(set) var hits: [String: Int] = [:]
  /// The `Authorization` header of every request, in arrival order.
  private(set) var authorizations: [String?] = []
  /// When set, refreshes wait for the test to answer this operation before they are answered.
  let refreshGate: ControlledOperation<Void, Void>?

  init(refreshGate: ControlledOperation<Void, Void>? = nil) { self.refreshGate = refreshGate }

  /// The access token the server accepts now.
  var validToken: String { "access-\(issued)" }

  func rejectAllTokens() { acceptsTokens = false }
  func answerRefreshes(_ answer: RefreshAnswer) { refreshAnswer = answer }

  func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = request.path.replacingOccurrences(of: "/v1", with: "")
    hits[path, default: 0] += 1
    authorizations.append(request.headers["Authorization"])
    switch path {
    case "/auth/refresh":
      if let refreshGate { try await refreshGate() }
      if case .reject(let status) = refreshAnswer { return .message("Invalid refresh token", status: status) }
      issued += 1
      return try .json(TokenReply(accessToken: validToken, refreshToken: "refresh-\(issued)"))
    case "/auth/login":
      return try .json(TokenReply(accessToken: validToken, refreshToken: "refresh-\(issued)"))
    default:
      guard acceptsTokens, request.headers["Authorization"] == "Bearer \(validToken)" else {
        return .message("Token Expired!", status: 401)
      }
      return try .json(Me(username: "emilys"))
    }
  }
}

struct TokenReply: Codable, Sendable {
  let accessToken: String
  let refreshToken: String
}

struct Me: Codable, Sendable, Equatable {
  let username: String
}

struct RefreshForm: Codable, Sendable {
  let refreshToken: String
}

extension Endpoint where Response == TokenReply {
  static func refresh(_ refreshToken: String) -> Self {
    Endpoint(method: .post, path: "/auth/refresh", json: RefreshForm(refreshToken: refreshToken))
  }
}

extension TokenReply {
  /// The reply as a credential valid for an hour after ``AuthFixture/now``.
  var renewed: Credential {
    Credential(accessToken: accessToken, refreshToken: refreshToken, expiresAt: AuthFixture.now + 3600)
  }
}

extension Endpoint where Response == Me {
  static let me = Endpoint(path: "/auth/me")
}

/// A server, a client without authorization that the refresh goes through, and a client with
/// the authorization middleware over the same transport: the wiring an app uses.
struct AuthFixture {
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  let server: AuthServer
  let tokens: TokenStore
  let client: HTTPClient

  init(
    server: AuthServer = AuthServer(), credential: Credential?,
    authorizes: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }
  ) {
    let transport = InProcessTransport { try await server.handle($0) }
    let api = HTTPClient(baseURL: testBaseURL, transport: transport, errorMessage: .jsonField("message"))
    let bearer = BearerAuthenticator { old in try await api.send(.refresh(old.refreshToken ?? "")).renewed }
    let authorization = AuthorizationMiddleware(
      authenticator: bearer, credential: credential, now: { Self.now }, clock: TestClock(), authorizes: authorizes)
    self.server = server
    self.tokens = authorization.tokens
    var client = api
    client.middleware = [authorization]
    self.client = client
  }

  /// A credential the server no longer accepts, which does not look expired.
  static let stale = Credential(accessToken: "stale", refreshToken: "refresh-0", expiresAt: now + 3600)
  /// A credential that expires now, so the store refreshes it before use.
  static let expiring = Credential(accessToken: "access-0", refreshToken: "refresh-0", expiresAt: now)
}
