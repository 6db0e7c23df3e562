import CustodyHTTP
import Foundation

/// `POST /auth/login`, `POST /auth/refresh` and `GET /auth/me`, with DummyJSON's rules and
/// messages.
struct AuthService: Sendable {
  /// DummyJSON's longest token lifetime: 30 days, in minutes.
  static let maximumMinutes = 43_200

  let users: [DemoUser]
  /// Overrides `expiresInMins` when set.
  let accessLifetime: Duration?
  let refreshLifetime: Duration

  func login(
    _ body: [String: JSONValue], sessions: inout SessionTable, now: Date
  ) throws(RouteFailure) -> (HTTPResponse, DemoUser) {
    guard let username = body["username"], !username.isFalsy, let password = body["password"], !password.isFalsy
    else { throw .badRequest("Username and password required") }
    guard let name = username.string else { throw .badRequest("Username is not valid") }
    let lifetime = try lifetime(body["expiresInMins"], default: 60)
    guard let user = users.first(where: { $0.username.lowercased() == name.lowercased() }),
      password.string == user.password
    else { throw .badRequest("Invalid credentials") }
    let tokens = sessions.open(userID: user.id, accessLifetime: lifetime, refreshLifetime: refreshLifetime, now: now)
    var writer = JSONWriter()
    writer.raw("{")
    user.writeFields(to: &writer)
    Self.write(tokens, to: &writer, first: false)
    writer.raw("}")
    return (.jsonBytes(writer.bytes), user)
  }

  func refresh(
    _ body: [String: JSONValue], sessions: inout SessionTable, now: Date
  ) throws(RouteFailure) -> HTTPResponse {
    guard let token = body["refreshToken"], !token.isFalsy else { throw .unauthorized("Refresh token required") }
    let lifetime = try lifetime(body["expiresInMins"], default: Self.maximumMinutes)
    guard let text = token.string,
      let tokens = sessions.rotate(
        refreshToken: text, accessLifetime: lifetime, refreshLifetime: refreshLifetime, now: now)
    else { throw .forbidden("Invalid refresh token") }
    var writer = JSONWriter()
    writer.raw("{")
    Self.write(tokens, to: &writer, first: true)
    writer.raw("}")
    return .jsonBytes(writer.bytes)
  }

  func me(userID: Int) -> HTTPResponse {
    var writer = JSONWriter()
    writer.raw("{")
    if let user = users.first(where: { $0.id == userID }) { user.writeFields(to: &writer) }
    writer.raw("}")
    return .jsonBytes(writer.bytes)
  }

  /// The access token's lifetime: the configured override, else `expiresInMins` (a number or
  /// a numeric string in 1...43200; a falsy value means the maximum, as on the public service).
  private func lifetime(_ value: JSONValue?, default minutes: Int) throws(RouteFailure) -> Duration {
    if let accessLifetime { return accessLifetime }
    guard let value else { return .seconds(minutes * 60) }
    if value.isFalsy { return .seconds(Self.maximumMinutes * 60) }
    let number = value.number ?? value.string.flatMap { Double($0) }
    guard let number, number >= 1, number <= Double(Self.maximumMinutes) else {
      throw .badRequest("Maximum access token expire time can be \(Self.maximumMinutes) minutes")
    }
    return .seconds(number * 60)
  }

  private static func write(_ tokens: (access: String, refresh: String), to writer: inout JSONWriter, first: Bool) {
    writer.key("accessToken", first: first)
    writer.string(tokens.access)
    writer.key("refreshToken")
    writer.string(tokens.refresh)
  }
}
