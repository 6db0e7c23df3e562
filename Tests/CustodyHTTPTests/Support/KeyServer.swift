import Custody
import CustodyHTTP
import CustodyTesting
import Foundation

/// An in-process API with a scheme of its own: the key goes in `X-API-Key`, an expired key is
/// answered 419 "session expired", and `POST /keys/renew` with the renewal token in
/// `X-Renewal-Token` issues a new key. A renewal it refuses is answered `renewalStatus`.
actor KeyServer {
  private var issued = 0
  private var renewalStatus: Int?
  /// The `X-API-Key` header of every request, in arrival order.
  private(set) var keys: [String?] = []
  /// How many requests each path received.
  private(set) var hits: [String: Int] = [:]
  /// Whether any request carried an `Authorization` header.
  private(set) var sawAuthorization = false

  var currentKey: String { "key-\(issued)" }

  func refuseRenewals(status: Int) { renewalStatus = status }

  func handle(_ request: HTTPRequest) throws -> HTTPResponse {
    let path = request.path.replacingOccurrences(of: "/v1", with: "")
    hits[path, default: 0] += 1
    if request.headers["Authorization"] != nil { sawAuthorization = true }
    if path == "/keys/renew" {
      if let renewalStatus { return .message("renewal refused", status: renewalStatus) }
      issued += 1
      return try .json(KeyReply(key: currentKey, renewal: "renewal-\(issued)"))
    }
    keys.append(request.headers["X-API-Key"])
    guard request.headers["X-API-Key"] == currentKey else { return .message("session expired", status: 419) }
    return try .json(Me(username: "emilys"))
  }
}

struct KeyReply: Codable, Sendable {
  let key: String
  let renewal: String
}

/// The app's description of ``KeyServer``'s scheme; the middleware's source knows nothing of it.
struct APIKeyAuthenticator: Authenticator {
  let api: HTTPClient

  func apply(_ credential: Credential, to request: inout HTTPRequest) {
    request.headers["X-API-Key"] = credential.accessToken
  }

  func isCredentialRejected(by response: HTTPResponse, for request: HTTPRequest) -> Bool {
    response.status == 419
  }

  func refresh(_ credential: Credential) async throws -> Credential {
    let endpoint = Endpoint<KeyReply>(
      method: .post, path: "/keys/renew", headers: ["X-Renewal-Token": credential.refreshToken ?? ""])
    let reply = try await api.send(endpoint)
    return Credential(accessToken: reply.key, refreshToken: reply.renewal, expiresAt: nil)
  }
}

/// A key server, a store and a client wired with ``APIKeyAuthenticator``.
struct KeyFixture {
  let server = KeyServer()
  let tokens: TokenStore
  let client: HTTPClient

  init(credential: Credential = KeyFixture.stale) {
    let transport = InProcessTransport { [server] in try await server.handle($0) }
    let authenticator = APIKeyAuthenticator(api: HTTPClient(baseURL: testBaseURL, transport: transport))
    let authorization = AuthorizationMiddleware(
      authenticator: authenticator, credential: credential, clock: TestClock())
    tokens = authorization.tokens
    client = HTTPClient(baseURL: testBaseURL, transport: transport, middleware: [authorization])
  }

  /// A key the server no longer accepts.
  static let stale = Credential(accessToken: "key-stale", refreshToken: "renewal-0", expiresAt: nil)
}
