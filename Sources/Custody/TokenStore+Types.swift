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

  /// Why the store could not hand out a credential. Never contains a token.
  public enum Error: Swift.Error, Sendable, CustomStringConvertible, CategorizedError {
    /// No one is signed in, for `reason`; the user must sign in.
    case signedOut(SignOutReason)
    /// Refreshing failed for a reason that may pass (offline, timed out, server error); the
    /// session is kept and a later call refreshes again.
    case refreshFailed(any Swift.Error)
    /// The policy's number of refreshes in its window is used up; try again after `retryAfter`.
    case tooManyRefreshes(retryAfter: Duration)

    public var failureCategory: FailureCategory {
      switch self {
      case .signedOut: .unauthorized
      case .refreshFailed(let error): FailureCategory(error)
      case .tooManyRefreshes: .unauthorized
      }
    }

    public var description: String {
      switch self {
      case .signedOut(let reason): "No one is signed in (\(reason)). Sign in again."
      case .refreshFailed(let error): "Refreshing the session failed (\(error)). Try again later."
      case .tooManyRefreshes(let delay):
        "The server keeps rejecting fresh credentials; refreshing paused for \(delay). Try again later."
      }
    }
  }
}
