import Foundation

/// A request as transports and middleware see it: an absolute URL, a method, header fields and
/// a body, plus how long to wait for the server.
///
/// Whether a request is authorized or retried is not a property of the request: each middleware
/// decides it with a predicate of its own (see ``AuthorizationMiddleware`` and
/// ``RetryMiddleware``).
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

  /// Creates a request.
  public init(
    method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
    bodySource: HTTPBodySource? = nil, timeout: Duration? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.bodySource = bodySource
    self.timeout = timeout
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
}

extension HTTPRequest: CustomStringConvertible {
  /// The method and URL, with credentials and token query items masked; never the body.
  public var description: String { "\(method) \(Redaction.url(url))" }
}
