import Custody
import Foundation

/// The tokens the backend has issued, by session.
///
/// Tokens are random, opaque strings with no meaning of their own; a token is valid only
/// because it is in this table. A session is one login: refreshing rotates its tokens,
/// revoking ends it.
struct SessionTable: Sendable {
  struct Grant: Sendable {
    var session: UInt64
    var userID: Int
    var expiresAt: Date
  }

  /// Why an access token was refused, with DummyJSON's message.
  enum Refusal: Error, Sendable, Equatable {
    case missing, expired, invalid

    var failure: RouteFailure {
      switch self {
      case .missing: .unauthorized("Access Token is required")
      case .expired: .unauthorized("Token Expired!")
      case .invalid: .unauthorized("Invalid/Expired Token!")
      }
    }
  }

  private var access: [String: Grant] = [:]
  private var refresh: [String: Grant] = [:]
  private var nextSession: UInt64 = 0

  /// Starts a session for `userID` and returns its tokens.
  mutating func open(
    userID: Int, accessLifetime: Duration, refreshLifetime: Duration, now: Date
  ) -> (access: String, refresh: String) {
    nextSession += 1
    return issue(session: nextSession, userID: userID, accessLifetime, refreshLifetime, now: now)
  }

  /// The user of a valid access token.
  func user(forAccessToken token: String?, now: Date) -> Result<Int, Refusal> {
    guard let token, !token.isEmpty else { return .failure(.missing) }
    guard let grant = access[token] else { return .failure(.invalid) }
    return grant.expiresAt > now ? .success(grant.userID) : .failure(.expired)
  }

  /// Replaces a valid refresh token with a new pair; the old refresh token stops working, and
  /// earlier access tokens stay valid until they expire, as they do on the public service.
  mutating func rotate(
    refreshToken: String, accessLifetime: Duration, refreshLifetime: Duration, now: Date
  ) -> (access: String, refresh: String)? {
    guard let grant = refresh.removeValue(forKey: refreshToken), grant.expiresAt > now else { return nil }
    return issue(session: grant.session, userID: grant.userID, accessLifetime, refreshLifetime, now: now)
  }

  /// Ends the session that `token` (access or refresh) belongs to; `false` if it is unknown.
  mutating func revokeSession(of token: String) -> Bool {
    guard let session = (access[token] ?? refresh[token])?.session else { return false }
    access = access.filter { $0.value.session != session }
    refresh = refresh.filter { $0.value.session != session }
    return true
  }

  /// Ends every session.
  mutating func revokeAll() {
    access.removeAll()
    refresh.removeAll()
  }

  private mutating func issue(
    session: UInt64, userID: Int, _ accessLifetime: Duration, _ refreshLifetime: Duration, now: Date
  ) -> (access: String, refresh: String) {
    let pair = (access: Self.makeToken(), refresh: Self.makeToken())
    access[pair.access] = Grant(session: session, userID: userID, expiresAt: now + accessLifetime.timeInterval)
    refresh[pair.refresh] = Grant(session: session, userID: userID, expiresAt: now + refreshLifetime.timeInterval)
    return pair
  }

  /// 32 random bytes from the system generator, as hexadecimal.
  private static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
