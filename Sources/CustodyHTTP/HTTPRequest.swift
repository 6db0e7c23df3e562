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
  /// How long the transport waits for the next byte from the server (an idle timeout: every
  /// byte starts it again); `nil` uses the transport's default.
  public var timeout: Duration?
  /// How long the whole request may take, from sending it to the last byte of the answer; `nil`
  /// uses the transport's default (for ``URLSessionTransport``,
  /// ``URLSessionTransport/Configuration/deadline``, which streamed responses do not get).
  ///
  /// Over it the transport cancels the request and fails with ``HTTPError/deadlineExceeded(_:)``.
  public var deadline: Duration?

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

  /// Creates a request with a total deadline.
  ///
  /// - Parameters:
  ///   - method: The request method; GET by default.
  ///   - url: The absolute URL, query included.
  ///   - headers: The header fields.
  ///   - body: The body bytes, if any.
  ///   - bodySource: A body read as the request is sent, instead of `body`.
  ///   - timeout: How long to wait for the next byte; `nil` uses the transport's default.
  ///   - deadline: How long the whole request may take; `nil` uses the transport's default.
  public init(
    method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
    bodySource: HTTPBodySource? = nil, timeout: Duration? = nil, deadline: Duration?
  ) {
    self.init(method: method, url: url, headers: headers, body: body, bodySource: bodySource, timeout: timeout)
    self.deadline = deadline
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
