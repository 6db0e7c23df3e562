import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import StorefrontFixtures

/// A wall clock that moves only when a test moves it, for token expiry.
final class ManualWallClock: Sendable {
  private let current = LockedState(Date(timeIntervalSince1970: 1_750_000_000))

  var now: Date { current.withLock { $0 } }

  func advance(by duration: Duration) {
    current.withLock { $0 += TimeInterval(duration.components.seconds) }
  }
}

/// An embedded backend on a test clock and a manual wall clock, with helpers that send
/// requests the way a client would.
struct Server {
  let backend: EmbeddedBackend
  let clock = TestClock()
  let wallClock = ManualWallClock()

  init(_ configure: (inout EmbeddedBackend.Configuration) -> Void = { _ in }) throws {
    var configuration = EmbeddedBackend.Configuration()
    configure(&configuration)
    backend = try EmbeddedBackend(configuration: configuration, clock: clock, now: { [wallClock] in wallClock.now })
  }

  /// Sends `method path` (the query included) with an optional JSON body and bearer token.
  func send(
    _ method: HTTPMethod = .get, _ path: String, json: String? = nil, token: String? = nil
  ) async throws -> HTTPResponse {
    var headers: HTTPHeaders = [:]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    if json != nil { headers["Content-Type"] = "application/json" }
    let url = URL(string: backend.configuration.baseURL.absoluteString + path)!
    return try await backend.send(
      HTTPRequest(method: method, url: url, headers: headers, body: json.map { Data($0.utf8) }))
  }

  /// Logs in with `account` and returns the session.
  func login(
    _ account: EmbeddedBackend.Account = EmbeddedBackend.demoAccount, minutes: Int = 60
  ) async throws
    -> SessionBody
  {
    let response = try await send(
      .post, "/auth/login",
      json: #"{"username":"\#(account.username)","password":"\#(account.password)","expiresInMins":\#(minutes)}"#)
    return try response.decoded()
  }
}

extension HTTPResponse {
  func decoded<Body: Decodable>(as type: Body.Type = Body.self) throws -> Body {
    try JSONDecoder().decode(Body.self, from: body)
  }

  /// The `message` of an error body.
  var message: String? { try? decoded(as: MessageBody.self).message }

  /// The body as a JSON object, to check which keys are present.
  var object: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
}
