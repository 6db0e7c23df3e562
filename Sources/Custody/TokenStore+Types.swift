extension TokenStore {
  /// Whether someone is signed in, as a screen shows it.
  public enum Session: Sendable, Hashable, CustomStringConvertible {
    /// A credential is held.
    case signedIn
    /// No credential is held, for `reason`.
    case signedOut(SignOutReason)

    public var description: String {
      switch self {
      case .signedIn: "signed in"
      case .signedOut(let reason): "signed out (\(reason))"
      }
    }
  }

  /// Why no one is signed in.
  public enum SignOutReason: Sendable, Hashable, CustomStringConvertible {
    /// No one has signed in yet.
    case notSignedIn
    /// The user signed out (``TokenStore/signOut()``).
    case userSignedOut
    /// The server rejected the refresh token, or there was none to refresh with: the user
    /// must sign in again.
    case sessionExpired

    public var description: String {
      switch self {
      case .notSignedIn: "not signed in"
      case .userSignedOut: "the user signed out"
      case .sessionExpired: "the session expired"
      }
    }
  }

  /// When a credential is refreshed and how often at most.
  public struct Policy: Sendable, Hashable {
    /// A credential expiring within this much time is refreshed before it is handed out.
    public var leeway: Duration
    /// At most this many refreshes start within ``window``; a server that rejects every
    /// fresh credential cannot cause a refresh loop.
    public var maxRefreshes: Int
    /// The span of time ``maxRefreshes`` counts over.
    public var window: Duration

    /// Creates a policy; by default a 30 s leeway and at most 3 refreshes a minute.
    public init(leeway: Duration = .seconds(30), maxRefreshes: Int = 3, window: Duration = .seconds(60)) {
      precondition(maxRefreshes > 0, "A policy must allow at least one refresh")
      self.leeway = leeway
      self.maxRefreshes = maxRefreshes
      self.window = window
    }
  }

  /// Whether a failed refresh ends the session when the app does not decide: an error whose
  /// ``FailureCategory`` is unauthorized (HTTP 401), forbidden (HTTP 403) or rejected with
  /// HTTP 400. Being offline, timing out, being rate limited, a server error (5xx) or an error
  /// of unknown kind keep the session, so a later call refreshes again.
  ///
  /// Pass your own rule as `endsSession` when your API says "this refresh token is dead"
  /// differently, or your refresh function throws errors of its own.
  public static func refreshFailureEndsSession(_ error: any Error) -> Bool {
    switch FailureCategory(error) {
    case .unauthorized, .forbidden, .rejected(status: 400): true
    default: false
    }
  }
}
