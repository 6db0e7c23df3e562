import Custody
import CustodyHTTP

/// How the Storefront API (the DummyJSON contract) authenticates: `Authorization: Bearer …`,
/// renewed at `/auth/refresh`.
///
/// The API says "this access token is no good" in two ways: 401 for a missing, malformed or
/// expired token, and 500 `{"message": "invalid signature"}` for a token it cannot verify, such
/// as one saved by another server or damaged on disk. Both lead to one refresh; a refresh
/// answered 400, 401 or 403 ends the session, so a bad saved token never blocks every command
/// until the user signs out.
struct StorefrontAuthenticator: Authenticator {
  /// Renews credentials; its client must not authorize (refreshes are auth requests anyway).
  let service: LiveAuthService

  /// The messages of the API's 500 answers that mean the token failed verification.
  static let unverifiableTokenMessages: Set<String> = [
    "invalid signature", "invalid token", "jwt malformed", "jwt signature is required", "invalid algorithm",
  ]

  func apply(_ credential: Credential, to request: inout HTTPRequest) {
    request.bearerToken = credential.accessToken
  }

  func isCredentialRejected(by response: HTTPResponse, for request: HTTPRequest) -> Bool {
    switch response.status {
    case 401: true
    case 500: HTTPErrorMessage.storefront.message(in: response).map(Self.unverifiableTokenMessages.contains) ?? false
    default: false
    }
  }

  func refresh(_ credential: Credential) async throws -> Credential {
    try await service.refresh(credential)
  }
}
