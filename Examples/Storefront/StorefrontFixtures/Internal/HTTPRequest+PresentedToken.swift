import CustodyHTTP

extension HTTPRequest {
  /// The access token the request presents: the token of `Authorization: Bearer <token>`, or,
  /// like the public service, a value without the scheme taken as the token itself.
  var presentedToken: String? { bearerToken ?? headers["Authorization"] }
}
