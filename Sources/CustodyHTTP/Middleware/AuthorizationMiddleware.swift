import Custody
import Foundation

/// Puts the session's credential on each request and recovers once from a rejected one; the
/// one place an authenticator is given.
///
/// The middleware creates and owns the session's `TokenStore` (``tokens``), which refreshes with
/// the ``Authenticator`` and lets it judge which failed refresh ends the session. Sign in and out
/// through ``tokens``; every copy of the middleware shares it.
///
/// - Before a request goes out it asks the store for a valid credential (the store refreshes an
///   expiring one, once for all concurrent requests) and applies it as the authenticator says.
/// - When the answer means the credential was rejected (for ``BearerAuthenticator``, HTTP 401) it
///   reports the access token it sent with `TokenStore.refresh(rejected:)` and
///   sends the request once more with the credential it gets back. A second rejection is
///   returned as it is, and the client fails with the status's ``HTTPError``.
/// - A request its `authorizes` predicate declines (a login, a public route) goes out untouched.
/// - A request sent from inside the authenticator's refresh goes out untouched as well, so the
///   refresh can never wait for itself or start another refresh.
/// - When the store has no credential to give (signed out, refresh rejected or failed) the
///   request is not sent and fails with ``HTTPError/credentialUnavailable(category:reason:)``.
///
/// Send the refresh through the client you build the authorized one from, which has no
/// authorization middleware:
///
/// ```swift
/// let api = HTTPClient(baseURL: server, transport: URLSessionTransport())
/// let authorization = AuthorizationMiddleware(
///   authenticator: BearerAuthenticator { old in try await api.send(.refresh(old)) },
///   credential: saved, authorizes: { $0.path != "/auth/login" })
/// var client = api
/// client.middleware = [authorization]
/// let me = try await client.send(Endpoint<User>(path: "/auth/me"))
/// ```
public struct AuthorizationMiddleware: HTTPMiddleware {
  /// The owner of the session's credential: sign in and out here.
  public let tokens: TokenStore
  private let apply: @Sendable (Credential, inout HTTPRequest) -> Void
  private let isRejected: @Sendable (HTTPResponse, HTTPRequest) -> Bool
  private let authorizes: @Sendable (HTTPRequest) -> Bool
  private let session: RefreshScope

  /// Creates the middleware and the `TokenStore` it owns.
  ///
  /// - Parameters:
  ///   - authenticator: Applies a credential to a request, recognises a rejected one, renews
  ///     it, and judges which failed renewal ends the session.
  ///   - credential: The credential to start with, for example a saved one; `nil` when no one
  ///     is signed in yet.
  ///   - policy: When the store refreshes and how often at most.
  ///   - now: The wall clock expiry dates are compared with.
  ///   - clock: The clock the refresh budget counts time with.
  ///   - persist: Called with every new credential (`nil` after a sign-out), to save it.
  ///   - name: The name inspectors show for the store, such as "session".
  ///   - inspector: Receives the store's events (see `OwnerInspector`).
  ///   - authorizes: Whether a request carries the credential; by default every request does.
  ///     A request it declines goes out as it is: login calls, public routes.
  public init(
    authenticator: some Authenticator,
    credential: Credential? = nil,
    policy: TokenStore.Policy = .init(),
    now: @escaping @Sendable () -> Date = { Date() },
    clock: some Clock<Duration> = ContinuousClock(),
    persist: @escaping @Sendable (Credential?) -> Void = { _ in },
    name: String? = nil,
    inspector: (any OwnerInspector)? = nil,
    authorizes: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }
  ) {
    let session = RefreshScope()
    self.session = session
    self.tokens = TokenStore(
      credential: credential, policy: policy, now: now, clock: clock, persist: persist,
      endsSession: { authenticator.refreshFailureEndsSession($0) }, name: name, inspector: inspector,
      refresh: { old in try await session.refreshing { try await authenticator.refresh(old) } })
    self.apply = { authenticator.apply($0, to: &$1) }
    self.isRejected = { authenticator.isCredentialRejected(by: $0, for: $1) }
    self.authorizes = authorizes
  }

  public func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    guard authorizes(request), !session.isRefreshing else { return try await next(request) }
    let credential = try await obtain { try await tokens.validCredential() }
    let sent = authorized(request, with: credential)
    let response = try await next(sent)
    guard isRejected(response, sent) else { return response }
    let renewed = try await obtain { try await tokens.refresh(rejected: credential.accessToken) }
    return try await next(authorized(request, with: renewed))
  }

  private func authorized(_ request: HTTPRequest, with credential: Credential) -> HTTPRequest {
    var request = request
    apply(credential, &request)
    return request
  }

  private func obtain(_ operation: () async throws -> Credential) async throws(HTTPError) -> Credential {
    do {
      return try await operation()
    } catch {
      let category = FailureCategory(error)
      if category == .cancelled { throw .cancelled }
      throw .credentialUnavailable(category: category, reason: String(describing: error))
    }
  }
}
