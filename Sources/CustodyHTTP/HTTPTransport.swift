import Foundation

/// Sends one request and returns the server's response, whatever its status.
///
/// A transport does not judge statuses, retry or authenticate; ``HTTPClient`` and its
/// middleware do. It must stop promptly when the calling task is cancelled. It may throw any
/// error; ``HTTPError`` values pass through the client unchanged, `CancellationError` becomes
/// ``HTTPError/cancelled`` and URL loading errors are sorted by code.
///
/// A request may carry its body as ``HTTPRequest/bodySource`` (a file or a stream) instead of
/// ``HTTPRequest/body``; a transport that sends bodies as data reads it with
/// ``HTTPBodySource/data()``.
///
/// ```swift
/// struct Recording: HTTPTransport {
///   let base: any HTTPTransport
///   func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///     print(request)  // method and URL, secrets masked
///     return try await base.send(request)
///   }
/// }
/// ```
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response.
  ///
  /// - Throws: When no response arrived: the connection failed, the task was cancelled, the
  ///   body was too large.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse

  /// Sends `request` and returns as soon as the response's head arrives, with the body as an
  /// ``HTTPBodyStream`` that yields it as it comes.
  ///
  /// The default sends the request with ``send(_:)->_`` and streams the body it returns as one
  /// chunk; ``URLSessionTransport`` streams it as it arrives.
  ///
  /// - Throws: When no response head arrived, as ``send(_:)->_`` does. A failure after the head is
  ///   thrown by the body stream.
  func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse
}

extension HTTPTransport {
  /// Sends `request` with ``send(_:)->_`` and streams the body it returns as one chunk.
  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse {
    var response = try await send(request)
    let body = HTTPBodyStream(response.body)
    response.body = Data()
    return HTTPStreamedResponse(response: response, body: body)
  }
}
