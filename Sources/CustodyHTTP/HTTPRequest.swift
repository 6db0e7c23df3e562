import Foundation

/// A request as transports and middleware see it: an absolute URL, a method, header fields and
/// a body, plus what the client needs to know to handle it (timeout, whether it authenticates,
/// whether it may be sent again).
///
/// ``HTTPClient`` builds requests from an ``Endpoint``; transports and middleware receive them.
/// An in-process backend routes on ``path`` and ``queryItems``.
public struct HTTPRequest: Sendable, Hashable {
  /// The request method.
  public var method: HTTPMethod
  /// The absolute URL, query included.
  public var url: URL
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body bytes, if any.
  public var body: Data?
  /// A body read as the request is sent (a file or a stream), instead of ``body``.
  ///
  /// A transport of your own that sends bodies as data reads it with
  /// ``HTTPBodySource/data()``; ``InProcessTransport`` does so before calling its handler.
  public var bodySource: HTTPBodySource?
  /// How long the transport waits for the server; `nil` uses the transport's default.
  public var timeout: Duration?
  /// Whether this request obtains or renews credentials (login, refresh). Authorization
  /// middleware leaves it alone, so a failing refresh can never recurse into another refresh.
  public var isAuthRequest: Bool
  /// Whether a request with a method that is not idempotent may be retried anyway.
  public var allowsRetry: Bool

  /// Creates a request.
  public init(
    method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
    bodySource: HTTPBodySource? = nil, timeout: Duration? = nil, isAuthRequest: Bool = false, allowsRetry: Bool = false
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.bodySource = bodySource
    self.timeout = timeout
    self.isAuthRequest = isAuthRequest
    self.allowsRetry = allowsRetry
  }

  /// The URL's path, percent-decoded, for routing.
  public var path: String { url.path(percentEncoded: false) }

  /// The URL's query items, decoded.
  public var queryItems: [URLQueryItem] {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  }

  /// The value of the first query item named `name`.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// Whether sending this request again is safe: its method is idempotent or it opted in.
  public var isRetryable: Bool { method.isIdempotent || allowsRetry }
}

extension HTTPRequest: CustomStringConvertible {
  /// The method and URL, with credentials and token query items masked; never the body.
  public var description: String { "\(method) \(Redaction.url(url))" }
}
