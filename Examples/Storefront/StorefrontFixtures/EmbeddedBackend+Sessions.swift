import Custody
import CustodyHTTP

extension EmbeddedBackend {
  /// A username and password the backend accepts.
  public struct Account: Sendable, Hashable, CustomStringConvertible {
    public let username: String
    public let password: String

    /// The username only; the password is never printed.
    public var description: String { "Account(\(username))" }
  }

  /// The public demo account, `emilys` / `emilyspass`, which the public service accepts too.
  public static let demoAccount = Account(username: "emilys", password: "emilyspass")

  /// Every account the backend accepts, also listed by `GET /users`: the demo account first,
  /// then more with the same pattern (`michaelw` / `michaelwpass`, …).
  public var accounts: [Account] {
    auth.users.map { Account(username: $0.username, password: $0.password) }
  }

  /// An `HTTPClient` that sends to this backend at ``Configuration/baseURL`` and reads the
  /// `message` of its error bodies.
  ///
  /// ```swift
  /// let client = try EmbeddedBackend().makeClient(middleware: [RetryMiddleware()])
  /// ```
  public func makeClient(middleware: [any HTTPMiddleware] = []) -> HTTPClient {
    HTTPClient(
      baseURL: configuration.baseURL, transport: self, middleware: middleware, errorMessage: .jsonField("message"))
  }

  /// Ends the session that `token` belongs to, as `POST /auth/logout` does here: every access
  /// and refresh token of the session stops working at once (401 `Invalid/Expired Token!`,
  /// 403 `Invalid refresh token`). The public service's logout only clears its cookies; this
  /// is one of the backend's deliberate differences.
  ///
  /// - Parameter token: An access or refresh token of the session.
  /// - Returns: Whether the token belonged to a session that was still open.
  @discardableResult
  public func revoke(token: String) -> Bool {
    state.withLock { $0.sessions.endSession(of: token) }
  }

  /// Ends every session.
  public func revokeAllTokens() {
    state.withLock { $0.sessions.endAll() }
  }

  /// The counters so far.
  public var statistics: Statistics { state.withLock { $0.statistics } }

  /// Requests that reached the backend, answered or not.
  public var requestCount: Int { state.withLock { $0.statistics.requests } }

  /// Requests to `path` (below the base URL, without the query), such as `/products` or
  /// `/auth/refresh`.
  public func requestCount(path: String) -> Int {
    state.withLock { $0.statistics.requestsByPath[path, default: 0] }
  }

  /// Successful logins.
  public var loginCount: Int { state.withLock { $0.statistics.logins } }

  /// Successful token refreshes.
  public var refreshCount: Int { state.withLock { $0.statistics.refreshes } }

  /// Sets every counter back to zero.
  public func resetStatistics() {
    state.withLock { $0.statistics = Statistics() }
  }
}
