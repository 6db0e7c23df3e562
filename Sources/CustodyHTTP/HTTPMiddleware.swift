/// A step between ``HTTPClient`` and its transport that may change a request, look at or
/// replace a response, or send a request more than once.
///
/// Middleware runs in the order the client lists it: the first sees the request first and the
/// response last. Each calls `next` to hand the request on, zero or more times. Middleware sees
/// every response whatever its status; the client turns a status outside 2xx into an
/// ``HTTPError`` only after all middleware has returned.
///
/// A usual order is retry outermost (each attempt gets a fresh credential), then authorization,
/// then logging (every attempt is logged as sent):
///
/// ```swift
/// let client = HTTPClient(
///   baseURL: server, transport: URLSessionTransport(),
///   middleware: [RetryMiddleware(), authorization, LoggingMiddleware { print($0) }])
/// ```
public protocol HTTPMiddleware: Sendable {
  /// Handles `request`, calling `next` to pass it on.
  ///
  /// - Parameters:
  ///   - request: The request as the previous middleware passed it on.
  ///   - next: Sends a request through the rest of the chain and the transport.
  /// - Returns: The response to hand back toward the client.
  /// - Throws: An ``HTTPError`` from `next`, or one of the middleware's own.
  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse
}
