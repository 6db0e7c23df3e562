/// Sends one request and returns the server's response, whatever its status.
///
/// A transport does not judge statuses, retry or authenticate; ``HTTPClient`` and its
/// middleware do. It must stop promptly when the calling task is cancelled. It may throw any
/// error; ``HTTPFailure`` values pass through the client unchanged, `CancellationError` becomes
/// ``HTTPFailure/cancelled`` and URL loading errors are sorted by code.
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
}
