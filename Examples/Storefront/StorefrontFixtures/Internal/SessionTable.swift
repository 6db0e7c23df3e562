import Custody
import Foundation

/// The tokens the backend has issued, by session.
///
/// A session is one login. As on the public service, renewing with a refresh token issues a
/// new pair and leaves the old tokens valid until they expire. Unlike it, a session can be
/// ended (`POST /auth/logout`, ``EmbeddedBackend/revoke(token:)``): its tokens then stop
/// working at once.
struct SessionTable: Sendable {
  struct Grant: Sendable {
    var session: UInt64
    var userID: Int
    var expiresAt: Date
  }

  /// Why an access token was refused, with DummyJSON's status and message.
  enum Refusal: Error, Sendable, Equatable {
    case missing, expired, malformed, ended, badSignature, undecodable

    var failure: RouteFailure {
      var failure: RouteFailure =
        switch self {
        case .missing: .unauthorized("Access Token is required")
        case .expired: .unauthorized("Token Expired!")
        case .malformed, .ended: .unauthorized("Invalid/Expired Token!")
        case .badSignature: .serverError("invalid signature")
        case .undecodable: .serverError("invalid token")
        }
      failure.headers = Cookies.cleared()
      return failure
    }
  }

  private var access: [String: Grant] = [:]
  private var refresh: [String: Grant] = [:]
  /// Sessions ended one by one; their tokens are forgotten, their numbers kept.
  private var ended: Set<UInt64> = []
  /// Every session up to this number has ended.
  private var endedThrough: UInt64 = 0
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
    guard let grant = access[token] else {
      switch TokenFormat.shape(of: token) {
      case .wellFormed(let session?) where hasEnded(session): return .failure(.ended)
      case .wellFormed: return .failure(.badSignature)
      case .undecodable: return .failure(.undecodable)
      case .malformed: return .failure(.malformed)
      }
    }
    return grant.expiresAt > now ? .success(grant.userID) : .failure(.expired)
  }

  /// A new pair for a valid refresh token; the old tokens stay valid until they expire.
  mutating func renew(
    refreshToken: String, accessLifetime: Duration, refreshLifetime: Duration, now: Date
  ) -> (access: String, refresh: String)? {
    guard let grant = refresh[refreshToken], grant.expiresAt > now else { return nil }
    return issue(session: grant.session, userID: grant.userID, accessLifetime, refreshLifetime, now: now)
  }

  /// Ends the session that `token` (access or refresh) belongs to; `false` if it is unknown
  /// or already ended. Its tokens are forgotten; a later use of one is refused as ended.
  mutating func endSession(of token: String) -> Bool {
    guard let session = (access[token] ?? refresh[token])?.session else { return false }
    access = access.filter { $0.value.session != session }
    refresh = refresh.filter { $0.value.session != session }
    ended.insert(session)
    return true
  }

  /// Ends every session.
  mutating func endAll() {
    access.removeAll()
    refresh.removeAll()
    ended.removeAll()
    endedThrough = nextSession
  }

  private func hasEnded(_ session: UInt64) -> Bool {
    session <= endedThrough || ended.contains(session)
  }

  private mutating func issue(
    session: UInt64, userID: Int, _ accessLifetime: Duration, _ refreshLifetime: Duration, now: Date
  ) -> (access: String, refresh: String) {
    let accessExpiry = now + accessLifetime.timeInterval
    let refreshExpiry = now + refreshLifetime.timeInterval
    let pair = (
      access: TokenFormat.make(userID: userID, session: session, issuedAt: now, expiresAt: accessExpiry),
      refresh: TokenFormat.make(userID: userID, session: session, issuedAt: now, expiresAt: refreshExpiry)
    )
    access[pair.access] = Grant(session: session, userID: userID, expiresAt: accessExpiry)
    refresh[pair.refresh] = Grant(session: session, userID: userID, expiresAt: refreshExpiry)
    return pair
  }
}
