import Custody

/// One API's way of authenticating: how a credential goes on a request, which answer means the
/// server rejected it, how to renew it, and which renewal failure means the session is over.
///
/// Give it once, to ``AuthorizationMiddleware/init(authenticator:credential:policy:now:clock:persist:name:inspector:authorizes:)``:
/// the middleware and the `TokenStore` it owns do the rest (one refresh for any number of
/// requests, a stale rejection answered without one, no refresh loop), so a scheme other than
/// `Authorization: Bearer …` needs no middleware of its own. For the usual Bearer scheme use
/// ``BearerAuthenticator``.
///
/// An API that sends its key in a header of its own and answers 419 when the session expired:
///
/// ```swift
/// struct APIKeyAuthenticator: Authenticator {
///   let api: HTTPClient  // the client without the authorization middleware
///
///   func apply(_ credential: Credential, to request: inout HTTPRequest) {
///     request.headers["X-API-Key"] = credential.accessToken
///   }
///
///   func isCredentialRejected(by response: HTTPResponse, for request: HTTPRequest) -> Bool {
///     response.status == 419
///   }
///
///   func refresh(_ credential: Credential) async throws -> Credential {
///     try await api.send(.renewKey(credential.refreshToken))
///   }
/// }
///
/// let authorization = AuthorizationMiddleware(authenticator: APIKeyAuthenticator(api: api), credential: saved)
/// var client = api
/// client.middleware = [authorization]
/// ```
///
/// Whether a rejected request was sent with the current credential is not the authenticator's
/// question: the middleware reports the access token it sent, and the store answers a token it
/// has already replaced with the current credential instead of refreshing again.
public protocol Authenticator: Sendable {
  /// Puts `credential` on `request`, for example as a header.
  ///
  /// - Parameters:
  ///   - credential: The session's current credential.
  ///   - request: The request about to be sent.
  func apply(_ credential: Credential, to request: inout HTTPRequest)

  /// Whether `response` says the server rejected the credential `request` carried, so a
  /// refreshed credential may succeed. By default, HTTP 401.
  ///
  /// - Parameters:
  ///   - response: The server's answer, whatever its status.
  ///   - request: The request as it was sent, credential applied.
  func isCredentialRejected(by response: HTTPResponse, for request: HTTPRequest) -> Bool

  /// Exchanges `credential` for a fresh one. Send the refresh through a client without the
  /// authorization middleware; a request sent through it anyway goes out untouched, so the
  /// refresh never waits for a credential itself.
  ///
  /// - Throws: Whatever the exchange throws; ``refreshFailureEndsSession(_:)`` decides what
  ///   the error means for the session.
  func refresh(_ credential: Credential) async throws -> Credential

  /// Whether an error thrown by ``refresh(_:)`` means the server will never renew this session,
  /// so the store signs out rather than trying again later. By default an ``HTTPError`` with
  /// status 400, 401 or 403 ends it and any other ``HTTPError`` (offline, timed out, 5xx)
  /// keeps it; other errors are judged by `TokenStore.refreshFailureEndsSession(_:)`, which
  /// keeps the session for an error it cannot classify, such as a plain `URLError`.
  func refreshFailureEndsSession(_ error: any Error) -> Bool
}

extension Authenticator {
  /// HTTP 401 means the credential was rejected.
  public func isCredentialRejected(by response: HTTPResponse, for request: HTTPRequest) -> Bool {
    response.status == 401
  }

  /// An ``HTTPError`` with status 400, 401 or 403 from the refresh ends the session; any other
  /// error is left to `TokenStore.refreshFailureEndsSession(_:)`.
  public func refreshFailureEndsSession(_ error: any Error) -> Bool {
    guard let failure = error as? HTTPError else { return TokenStore.refreshFailureEndsSession(error) }
    return [400, 401, 403].contains(failure.status)
  }
}
