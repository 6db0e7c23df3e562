import Foundation

/// A stateless HTTP client: it builds a request from an ``Endpoint``, runs it through its
/// middleware and transport, validates the status and decodes the answer off the caller's actor.
///
/// The client holds configuration only (base URL, transport, middleware, JSON settings), so it
/// is a `Sendable` value that any isolation can copy and call. State that outlives a call, such
/// as credentials, belongs to an owner like `TokenStore` that middleware consults.
///
/// ```swift
/// let client = HTTPClient(
///   baseURL: URL(string: "https://dummyjson.com")!,
///   transport: URLSessionTransport(),
///   middleware: [RetryMiddleware(), authorization])  // an AuthorizationMiddleware
/// let product: Product = try await client.send(Endpoint(path: "/products/1"))
/// ```
public struct HTTPClient: Sendable {
  /// The URL that endpoint paths are appended to.
  public var baseURL: URL
  /// Sends requests; ``URLSessionTransport`` over the network, ``InProcessTransport`` in process.
  public var transport: any HTTPTransport
  /// Middleware, outermost first.
  public var middleware: [any HTTPMiddleware]
  /// Decodes success bodies.
  public var decoder: JSONDecoder
  /// Encodes JSON request bodies.
  public var encoder: JSONEncoder
  /// Reads the server's explanation out of an error response; by default nothing is read.
  public var errorMessage: HTTPErrorMessage

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - baseURL: The URL that endpoint paths are appended to.
  ///   - transport: What sends requests.
  ///   - middleware: Steps between the client and the transport, outermost first.
  ///   - decoder: Decodes success bodies; configure its strategies before passing it.
  ///   - encoder: Encodes JSON request bodies.
  ///   - errorMessage: Reads the server's explanation out of an error response, in the way your
  ///     API words it, such as ``HTTPErrorMessage/jsonField(_:)``; by default none is read.
  public init(
    baseURL: URL, transport: any HTTPTransport, middleware: [any HTTPMiddleware] = [],
    decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(), errorMessage: HTTPErrorMessage = .none
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.middleware = middleware
    self.decoder = decoder
    self.encoder = encoder
    self.errorMessage = errorMessage
  }

  /// Sends `endpoint` and decodes its JSON answer.
  ///
  /// Decoding runs in a `@concurrent` function, so it never occupies the caller's actor (the
  /// main actor included), however large the body.
  ///
  /// ```swift
  /// let page = try await client.send(Endpoint<ProductPage>(path: "/products", query: [.init(name: "limit", value: "30")]))
  /// ```
  ///
  /// An answer without a body (204, 205, or an empty 200) decodes to `nil` when `Response` is
  /// an `Optional`; for any other type it is ``HTTPError/invalidResponse(reason:)``. For an
  /// answer of no use, make the endpoint an `Endpoint<Void>`: its `send` ignores the body.
  ///
  /// - Parameter endpoint: What to send and how to read the answer.
  /// - Returns: The decoded body of a 2xx response.
  /// - Throws: ``HTTPError``: a transport failure, a status outside 2xx (with the server's
  ///   message, as ``errorMessage`` reads it), ``HTTPError/invalidResponse(reason:)`` when the body does not decode, or
  ///   ``HTTPError/cancelled``.
  public func send<Response: Decodable & Sendable>(_ endpoint: Endpoint<Response>) async throws(HTTPError) -> Response {
    let response = try await response(for: endpoint)
    if let empty = try Self.emptyAnswer(Response.self, for: response) { return empty }
    return try await Self.decode(Response.self, from: response.body, using: decoder)
  }

  /// Sends `endpoint` and returns the raw response of a 2xx status, body bytes included.
  ///
  /// - Throws: ``HTTPError`` as ``send(_:)->_`` does, except for decoding.
  public func response<Response>(for endpoint: Endpoint<Response>) async throws(HTTPError) -> HTTPResponse {
    let request = try makeRequest(for: endpoint)
    let response = try await perform(request)
    if let failure = HTTPError(response: response, now: Date(), errorMessage: errorMessage) { throw failure }
    return response
  }

  /// Runs `request` through the middleware and the transport and returns the response,
  /// whatever its status.
  ///
  /// - Throws: ``HTTPError`` when no response arrived or middleware failed.
  public func perform(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    return try await run(request, through: middleware[...]) { request throws(HTTPError) in
      do { return try await transport.send(request) } catch { throw HTTPError(transportError: error) }
    }
  }

  /// Runs `request` through `chain`, then hands it to `send`, which stands for the transport.
  func run(
    _ request: HTTPRequest, through chain: ArraySlice<any HTTPMiddleware>,
    send: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    guard let first = chain.first else { return try await send(request) }
    return try await first.intercept(request) { request throws(HTTPError) in
      try await run(request, through: chain.dropFirst(), send: send)
    }
  }
}
