import Custody

/// Adds the session's bearer token to each request and recovers once from a rejected token.
///
/// - Before a request goes out it asks the `TokenStore` for a valid credential (the store
///   refreshes an expiring one, once for all concurrent requests) and sends
///   `Authorization: Bearer <access token>`.
/// - On a 401 it reports the token it sent with `TokenStore.credentialRejected(accessToken:)` and sends the
///   request once more with the credential it gets back. A second 401 is returned as it is,
///   and the client fails with ``HTTPFailure/unauthorized(message:)``.
/// - Requests marked ``HTTPRequest/isAuthRequest`` (login, refresh) pass through untouched, so
///   the store's refresh function can use the same client without recursing into itself.
/// - When the store has no credential to give (signed out, refresh rejected or failed) the
///   request is not sent and fails with ``HTTPFailure/credentialUnavailable(category:reason:)``.
///
/// ```swift
/// let api = HTTPClient(baseURL: server, transport: URLSessionTransport())
/// let tokens = TokenStore(credential: saved) { old in
///   try await api.send(.refresh(old))  // an auth request: 401/403 here ends the session
/// }
/// let client = HTTPClient(baseURL: server, transport: api.transport,
///                         middleware: [AuthorizationMiddleware(tokens: tokens)])
/// let me = try await client.send(Endpoint<User>(path: "/auth/me"))
/// ```
public struct AuthorizationMiddleware: HTTPMiddleware {
  /// The owner of the session's credential.
  public let tokens: TokenStore

  /// Creates the middleware.
  ///
  /// - Parameter tokens: Hands out credentials and refreshes them.
  public init(tokens: TokenStore) { self.tokens = tokens }

  public func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse
  ) async throws(HTTPFailure) -> HTTPResponse {
    guard !request.isAuthRequest else { return try await next(request) }
    let credential = try await obtain { try await tokens.validCredential() }
    let response = try await next(request.authorized(with: credential))
    guard response.status == 401 else { return response }
    let renewed = try await obtain { try await tokens.credentialRejected(accessToken: credential.accessToken) }
    return try await next(request.authorized(with: renewed))
  }

  private func obtain(_ operation: () async throws -> Credential) async throws(HTTPFailure) -> Credential {
    do {
      return try await operation()
    } catch {
      let category = FailureCategory(error)
      if category == .cancelled { throw .cancelled }
      throw .credentialUnavailable(category: category, reason: String(describing: error))
    }
  }
}

extension HTTPRequest {
  fileprivate func authorized(with credential: Credential) -> HTTPRequest {
    var request = self
    request.headers["Authorization"] = "Bearer \(credential.accessToken)"
    return request
  }
}
