import Foundation

/// One call of an API: where to send it, what to send, and the type of the answer.
///
/// Define endpoints next to the API they describe, as static functions:
///
/// ```swift
/// extension Endpoint where Response == ProductPage {
///   static func products(limit: Int, skip: Int) -> Self {
///     Endpoint(path: "/products", query: [.init(name: "limit", value: "\(limit)"), .init(name: "skip", value: "\(skip)")])
///   }
/// }
/// extension Endpoint where Response == Session {
///   static func login(_ form: LoginForm) -> Self {
///     Endpoint(method: .post, path: "/auth/login", json: form)
///   }
/// }
/// let page = try await client.send(.products(limit: 30, skip: 0))
/// ```
public struct Endpoint<Response: Sendable>: Sendable {
  /// The request method.
  public var method: HTTPMethod
  /// The path, appended to the client's base URL.
  public var path: String
  /// Query items, encoded into the URL in order.
  public var query: [URLQueryItem]
  /// Header fields added to the request.
  public var headers: HTTPHeaders
  /// The request body, if any.
  public var body: HTTPBody?
  /// How long to wait for the next byte from the server (an idle timeout); `nil` uses the
  /// transport's default.
  public var timeout: Duration?
  /// How long the whole call may take, from sending it to the last byte of the answer; `nil` uses
  /// the transport's default. See ``HTTPRequest/deadline``.
  public var deadline: Duration?

  /// Creates an endpoint.
  ///
  /// - Parameters:
  ///   - method: The request method; GET by default.
  ///   - path: The path below the client's base URL, such as `/products/1`.
  ///   - query: Query items; `+` and other reserved characters in values are percent-encoded.
  ///   - headers: Header fields to add.
  ///   - body: The body; see ``init(method:path:query:headers:json:timeout:)`` for JSON.
  ///   - timeout: How long to wait for the server.
  public init(
    method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
    body: HTTPBody? = nil, timeout: Duration? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// Creates an endpoint whose body is `json`, encoded with the client's encoder.
  ///
  /// The method has no default here: a body goes with POST, PUT or PATCH alike, and an endpoint
  /// reads the same whichever initializer made it when it names its method.
  public init(
    method: HTTPMethod, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
    json: some Encodable & Sendable, timeout: Duration? = nil
  ) {
    self.init(method: method, path: path, query: query, headers: headers, body: .json(json), timeout: timeout)
  }

  /// Creates an endpoint with a total deadline.
  ///
  /// ```swift
  /// let login = Endpoint<Session>(method: .post, path: "/auth/login", json: form, deadline: .seconds(20))
  /// ```
  ///
  /// - Parameters:
  ///   - method: The request method; GET by default.
  ///   - path: The path below the client's base URL.
  ///   - query: Query items.
  ///   - headers: Header fields to add.
  ///   - body: The body.
  ///   - timeout: How long to wait for the next byte from the server.
  ///   - deadline: How long the whole call may take; see ``HTTPRequest/deadline``.
  public init(
    method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
    body: HTTPBody? = nil, timeout: Duration? = nil, deadline: Duration?
  ) {
    self.init(method: method, path: path, query: query, headers: headers, body: body, timeout: timeout)
    self.deadline = deadline
  }

  /// Creates an endpoint whose body is `json`, with a total deadline.
  public init(
    method: HTTPMethod, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
    json: some Encodable & Sendable, timeout: Duration? = nil, deadline: Duration?
  ) {
    self.init(method: method, path: path, query: query, headers: headers, json: json, timeout: timeout)
    self.deadline = deadline
  }
}
