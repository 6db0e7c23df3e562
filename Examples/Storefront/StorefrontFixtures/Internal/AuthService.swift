import CustodyHTTP
import Foundation

/// `POST /auth/login`, `POST /auth/refresh` and `GET /auth/me`, with DummyJSON's rules and
/// messages.
struct AuthService: Sendable {
  /// DummyJSON's longest token lifetime: 30 days, in minutes.
  static let maximumMinutes = 43_200
  /// The access token lifetime when a login or a refresh asks for none.
  static let defaultMinutes = 60

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
    let asked = body["expiresInMins"]
    let lifetime = try lifetime(asked.flatMap { $0.isFalsy ? nil : $0 }, fallback: asked == nil ? nil : .zero)
    guard let user = users.first(where: { $0.username.lowercased() == name.lowercased() }),
      password.string == user.password
    else { throw .badRequest("Invalid credentials") }
    let tokens = sessions.open(userID: user.id, accessLifetime: lifetime, refreshLifetime: refreshLifetime, now: now)
    var writer = JSONWriter()
    writer.raw("{")
    Self.write(tokens, to: &writer)
    user.writeFields(to: &writer, first: false)
    writer.raw("}")
    var response = HTTPResponse.jsonBytes(writer.bytes)
    response.headers.append(Cookies.issued(tokens, lifetime: lifetime, now: now))
    return (response, user)
  }

  func refresh(
    _ body: [String: JSONValue], sessions: inout SessionTable, now: Date
  ) throws(RouteFailure) -> HTTPResponse {
    guard let token = body["refreshToken"], !token.isFalsy else { throw .unauthorized("Refresh token required") }
    let lifetime = try lifetime(body["expiresInMins"], fallback: nil)
    guard let text = token.string,
      let tokens = sessions.renew(
        refreshToken: text, accessLifetime: lifetime, refreshLifetime: refreshLifetime, now: now)
    else { throw .forbidden("Invalid refresh token") }
    var writer = JSONWriter()
    writer.raw("{")
    Self.write(tokens, to: &writer)
    writer.raw("}")
    var response = HTTPResponse.jsonBytes(writer.bytes)
    response.headers.append(Cookies.issued(tokens, lifetime: lifetime, now: now))
    return response
  }

  func me(userID: Int) -> HTTPResponse {
    var writer = JSONWriter()
    if let user = users.first(where: { $0.id == userID }) { user.writeRecord(to: &writer) } else { writer.raw("{}") }
    return .jsonBytes(writer.bytes)
  }

  /// The access token's lifetime: the configured override; else `expiresInMins`, a number or
  /// numeric text in 1...43200 (anything else is the public service's 500); else 60 minutes.
  /// A login that sends a falsy value gets `fallback`, as the public service skips its check.
  private func lifetime(_ value: JSONValue?, fallback: Duration?) throws(RouteFailure) -> Duration {
    if let accessLifetime { return accessLifetime }
    guard let value else { return fallback ?? .seconds(Self.defaultMinutes * 60) }
    let number = value.number ?? value.string.flatMap { JavaScriptNumber.isNumber($0) ? Double($0) : nil }
    guard let number, number >= 1, number <= Double(Self.maximumMinutes) else {
      throw .serverError("Maximum access token expire time can be \(Self.maximumMinutes) minutes")
    }
    return .seconds(number * 60)
  }

  private static func write(_ tokens: (access: String, refresh: String), to writer: inout JSONWriter) {
    writer.key("accessToken", first: true)
    writer.string(tokens.access)
    writer.key("refreshToken")
    writer.string(tokens.refresh)
  }
}

extension HTTPHeaders {
  mutating func append(_ other: HTTPHeaders) {
    for field in other { add(name: field.name, value: field.value) }
  }
}
