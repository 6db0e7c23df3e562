import CustodyHTTP

/// Authorizes only the protected `/auth/…` routes, so browsing works signed out while signed-in
/// calls carry the credential and recover from a rejected one.
struct ProtectedRoutes: HTTPMiddleware {
  let authorization: AuthorizationMiddleware
  /// The path below which protected routes live, such as `/auth/` or `/api/auth/`.
  let prefix: String

  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse
  ) async throws(HTTPFailure) -> HTTPResponse {
    guard request.path.hasPrefix(prefix) else { return try await next(request) }
    return try await authorization.intercept(request, next: next)
  }
}
