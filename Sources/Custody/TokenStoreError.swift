/// Why a ``TokenStore`` could not hand out a credential. Never contains a token.
///
/// ```swift
/// do {
///   credential = try await tokens.validCredential()
/// } catch TokenStoreError.signedOut(let reason) {
///   showSignIn(because: reason)
/// }
/// ```
public enum TokenStoreError: Error, Sendable, CustomStringConvertible, CategorizedError {
  /// No one is signed in, for `reason`; the user must sign in. Thrown after a sign-out, and
  /// after a refresh failed in a way the store was told ends the session.
  case signedOut(TokenStore.SignOutReason)
  /// Refreshing failed for a reason that may pass (offline, timed out, a server error); the
  /// session is kept and a later call refreshes again. `underlying` is what the refresh threw.
  case refreshFailed(any Error)
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
