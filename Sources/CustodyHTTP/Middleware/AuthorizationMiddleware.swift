import Custody

/// Puts the session's credential on each request and recovers once from a rejected one.
///
/// - Before a request goes out it asks the `TokenStore` for a valid credential (the store
///   refreshes an expiring one, once for all concurrent requests) and applies it: by default as
///   `Authorization: Bearer <access token>`, or as an ``Authenticator`` says.
/// - When the answer means the credential was rejected (by default HTTP 401) it reports the
///   access token it sent with `TokenStore.credentialRejected(accessToken:)` and sends the
///   request once more with the credential it gets back. A second rejection is returned as it
///   is, and the client fails with the status's ``HTTPFailure``.
/// - Requests marked ``HTTPRequest/isAuthRequest`` (login, refresh) pass through untouched, so
///   the store's refresh function can use the same client without recursing into itself.
/// - When the store has no credential to give (signed out, refresh rejected or failed) the
///   request is not sent and fails with ``HTTPFailure/credentialUnavailable(category:reason:)``.
///
/// ```swift
/// let api = HTTPClient(baseURL: server, transport: URLSessionTransport())
/// let tokens = TokenStore(credential: saved) { old in
///   try await api.send(.refresh(old))  // an auth request: 400, 401 or 403 here ends the session
/// }
/// let client = HTTPClient(baseURL: server, transport: api.transport,
///                         middleware: [AuthorizationMiddleware(tokens: tokens)])
/// let me = try await client.send(Endpoint<User>(path: "/auth/me"))
/// ```
public struct AuthorizationMiddleware: HTTPMiddleware {
  /// The owner of the session's credential.
  public let tokens: TokenStore
  private let apply: @Sendable (Credential, inout HTTPRequest) -> Void
  private let isRejected: @Sendable (HTTPResponse, HTTPRequest) -> Bool

  /// Creates the middleware for the Bearer scheme: `Authorization: Bearer <access token>`, and
  /// HTTP 401 means the token was rejected.
  ///
  /// - Parameter tokens: Hands out credentials and refreshes them.
  public init(tokens: TokenStore) {
    self.init(
      tokens: tokens, apply: { $1.bearerToken = $0.accessToken },
      isRejected: { response, _ in
        response.status == 401
      })
  }

  /// Creates the middleware for the scheme `authenticator` describes.
  ///
  /// - Parameters:
  ///   - tokens: Hands out credentials and refreshes them; usually created with the same
  ///     authenticator, `TokenStore(credential:authenticator:)`.
  ///   - authenticator: Applies a credential to a request and recognises a rejected one.
  public init(tokens: TokenStore, authenticator: some Authenticator) {
    self.init(
      tokens: tokens, apply: { authenticator.apply($0, to: &$1) },
      isRejected: { authenticator.isCredentialRejected(by: $0, for: $1) })
  }

  private init(
    tokens: TokenStore, apply: @escaping @Sendable (Credential, inout HTTPRequest) -> Void,
    isRejected: @escaping @Sendable (HTTPResponse, HTTPRequest) -> Bool
  ) {
    self.tokens = tokens
    self.apply = apply
    self.isRejected = isRejected
  }

  public func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse
  ) async throws(HTTPFailure) -> HTTPResponse {
    guard !request.isAuthRequest else { return try await next(request) }
    let credential = try await obtain { try await tokens.validCredential() }
    let sent = authorized(request, with: credential)
    let response = try await next(sent)
    guard isRejected(response, sent) else { return response }
    let renewed = try await obtain { try await tokens.credentialRejected(accessToken: credential.accessToken) }
    return try await next(authorized(request, with: renewed))
  }

  private func authorized(_ request: HTTPRequest, with credential: Credential) -> HTTPRequest {
    var request = request
    apply(credential, &request)
    return request
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
