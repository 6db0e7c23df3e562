import Custody

/// The usual scheme: `Authorization: Bearer <access token>`, a 401 means the token was rejected,
/// and a refresh answered 400, 401 or 403 ends the session.
///
/// ```swift
/// let bearer = BearerAuthenticator { old in
///   try await api.send(.refresh(old))  // an auth request
/// }
/// let tokens = TokenStore(credential: saved, authenticator: bearer)
/// let client = HTTPClient(
///   baseURL: server, transport: transport,
///   middleware: [AuthorizationMiddleware(tokens: tokens, authenticator: bearer)])
/// ```
public struct BearerAuthenticator: Authenticator {
  private let renew: TokenStore.Refresh

  /// Creates the authenticator.
  ///
  /// - Parameter refresh: Exchanges a credential for a fresh one; send it as an auth request.
  public init(refresh: @escaping TokenStore.Refresh) { renew = refresh }

  /// Sets `Authorization: Bearer <access token>`.
  public func apply(_ credential: Credential, to request: inout HTTPRequest) {
    request.bearerToken = credential.accessToken
  }

  public func refresh(_ credential: Credential) async throws -> Credential {
    try await renew(credential)
  }
}
