extension HTTPRequest {
  /// The token of the request's `Authorization: Bearer <token>` header, or `nil` when it has
  /// none or uses another scheme. Setting it replaces the `Authorization` header; `nil` removes it.
  ///
  /// ```swift
  /// request.bearerToken = credential.accessToken
  /// ```
  public var bearerToken: String? {
    get {
      guard let value = headers["Authorization"] else { return nil }
      let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard parts.count == 2, String(parts[0]).caseInsensitiveEquals("Bearer") else { return nil }
      let token = parts[1].drop { $0 == " " }
      return token.isEmpty ? nil : String(token)
    }
    set { headers["Authorization"] = newValue.map { "Bearer \($0)" } }
  }
}
