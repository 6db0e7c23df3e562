/// An HTTP request method.
///
/// Whether a method is idempotent decides whether ``RetryMiddleware`` sends a request again by
/// default.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The method's name as sent on the wire, in upper case.
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  public static let get: HTTPMethod = "GET"
  public static let head: HTTPMethod = "HEAD"
  public static let options: HTTPMethod = "OPTIONS"
  public static let post: HTTPMethod = "POST"
  public static let put: HTTPMethod = "PUT"
  public static let patch: HTTPMethod = "PATCH"
  public static let delete: HTTPMethod = "DELETE"

  /// Whether sending the request twice has the same effect as sending it once (RFC 9110 §9.2.2).
  public var isIdempotent: Bool {
    switch rawValue {
    case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE": true
    default: false
    }
  }

  public var description: String { rawValue }
}
