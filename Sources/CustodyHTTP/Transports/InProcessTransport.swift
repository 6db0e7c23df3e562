/// A transport that answers requests with a function in the same process.
///
/// Use it for tests, previews and embedded backends: the function receives the full request
/// (route on ``HTTPRequest/path`` and ``HTTPRequest/queryItems``) and returns a response, any
/// status included. Everything above the transport (middleware, status validation, decoding)
/// runs exactly as it does over the network. A streamed response (``HTTPClient/stream(_:)``,
/// ``HTTPClient/download(_:to:progress:)``) gets the handler's body as one chunk. It enforces no
/// ``HTTPRequest/timeout`` or ``HTTPRequest/deadline``: the handler sees them and may honour them.
///
/// ```swift
/// let transport = InProcessTransport { request in
///   switch request.path {
///   case "/products/1": try .json(Product.sample)
///   default: .message("Not found", status: 404)
///   }
/// }
/// let client = HTTPClient(baseURL: URL(string: "https://store.invalid")!, transport: transport)
/// ```
public struct InProcessTransport: HTTPTransport {
  private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse

  /// Creates a transport that answers every request with `handler`.
  ///
  /// - Parameter handler: Returns the response for a request, or throws to fail the request as
  ///   a transport would (throw ``HTTPError/offline(reason:)`` to simulate a lost network).
  public init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
    self.handler = handler
  }

  /// Answers `request` with the handler, off the caller's actor, as a server elsewhere would.
  ///
  /// A body from a file or a stream (``HTTPRequest/bodySource``) is read into
  /// ``HTTPRequest/body`` first, so the handler finds every body there.
  @concurrent
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var request = request
    if let source = request.bodySource {
      request.body = try await source.data()
      request.bodySource = nil
    }
    return try await handler(request)
  }
}
