import Custody

/// The usual scheme: `Authorization: Bearer <access token>`, a 401 means the token was rejected,
/// and a refresh answered 400, 401 or 403 ends the session.
///
/// ```swift
/// let api = HTTPClient(baseURL: server, transport: URLSessionTransport())
/// let authorization = AuthorizationMiddleware(
///   authenticator: BearerAuthenticator { old in try await api.send(.refresh(old)) }, credential: saved)
/// var client = api
/// client.middleware = [authorization]
/// ```
public struct BearerAuthenticator: Authenticator {
  private let renew: TokenStore.Refresh

  /// Creates the authenticator.
  ///
  /// - Parameter refresh: Exchanges a credential for a fresh one; send it through a client
  ///   without the authorization middleware.
  public init(refresh: @escaping TokenStore.Refresh) { renew = refresh }

  /// Sets `Authorization: Bearer <access token>`.
  public func apply(_ credential: Credential, to request: inout HTTPRequest) {
    request.bearerToken = credential.accessToken
  }

  public func refresh(_ credential: Credential) async throws -> Credential {
    try await renew(credential)
  }
}
