import Foundation

/// One line of an HTTP log, with every secret already masked.
///
/// ``LoggingMiddleware`` hands one record to its sink before each request goes out and one
/// when it ends. Header values that carry credentials (`Authorization`, cookies, tokens),
/// token and password fields of JSON bodies and of the query are `<redacted>`; bodies that are
/// not JSON appear only as their size.
public struct HTTPLogRecord: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Event: Sendable, Hashable {
    /// The request is about to be sent.
    case request
    /// A response arrived after `duration`.
    case response(status: Int, duration: Duration)
    /// No response arrived; `failure` says why.
    case failure(HTTPError, duration: Duration)
  }

  /// What happened.
  public var event: Event
  /// The request method.
  public var method: HTTPMethod
  /// The URL, user info removed and sensitive query values masked.
  public var url: String
  /// The request's or the response's header fields, sensitive values masked.
  public var headers: HTTPHeaders
  /// A preview of the body, sensitive fields masked; `nil` when there is no body.
  public var body: String?

  public var description: String {
    var line: String
    switch event {
    case .request: line = "→ \(method) \(url)"
    case .response(let status, let duration): line = "← \(status) \(method) \(url) (\(duration))"
    case .failure(let failure, let duration): line = "✕ \(method) \(url) (\(duration)): \(failure)"
    }
    if !headers.isEmpty { line += " \(headers)" }
    if let body { line += " \(body)" }
    return line
  }
}
