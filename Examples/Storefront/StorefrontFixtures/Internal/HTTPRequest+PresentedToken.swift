import CustodyHTTP

extension HTTPRequest {
  /// The access token the request presents, as the public service reads it: the token of
  /// `Authorization: Bearer <token>`, a value without the scheme taken as the token itself, or
  /// else the `accessToken` cookie.
  var presentedToken: String? {
    if let value = headers["Authorization"], !value.isEmpty { return bearerToken ?? value }
    return Cookies.accessToken(of: self)
  }
}
