import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

enum RedirectDecision {
  /// The request to follow a redirect with, or `nil` to stop and hand the redirect response
  /// to the caller.
  ///
  /// The `Authorization` header is removed whenever the new URL's origin differs from the one
  /// the caller asked for: a credential is never sent to another host.
  static func follow(
    _ proposed: URLRequest, from original: URL?, policy: URLSessionTransport.RedirectPolicy
  ) -> URLRequest? {
    let sameOrigin = isSameOrigin(original, proposed.url)
    switch policy {
    case .never:
      return nil
    case .sameOrigin:
      return sameOrigin ? proposed : nil
    case .anyHost:
      guard !sameOrigin else { return proposed }
      var stripped = proposed
      stripped.setValue(nil, forHTTPHeaderField: "Authorization")
      return stripped
    }
  }

  /// Whether two URLs share scheme, host and port.
  static func isSameOrigin(_ lhs: URL?, _ rhs: URL?) -> Bool {
    guard let lhs, let rhs, let lhsScheme = lhs.scheme?.lowercased(), let rhsScheme = rhs.scheme?.lowercased() else {
      return false
    }
    return lhsScheme == rhsScheme && lhs.host?.lowercased() == rhs.host?.lowercased()
      && effectivePort(lhs, scheme: lhsScheme) == effectivePort(rhs, scheme: rhsScheme)
  }

  private static func effectivePort(_ url: URL, scheme: String) -> Int? {
    url.port ?? ["http": 80, "https": 443][scheme]
  }
}
