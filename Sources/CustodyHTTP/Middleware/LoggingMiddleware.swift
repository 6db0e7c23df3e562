import Foundation

/// Reports every request and its outcome to a sink, with secrets masked.
///
/// Put it last (innermost) to see each attempt as it is sent, with the credential that
/// authorization middleware added, masked.
///
/// ```swift
/// let logging = LoggingMiddleware { record in print(record) }
/// // → GET https://dummyjson.com/auth/me [Accept: application/json, Authorization: <redacted>]
/// // ← 200 GET https://dummyjson.com/auth/me (0.21 seconds) […] {"accessToken":"<redacted>", …}
/// ```
public struct LoggingMiddleware: HTTPMiddleware {
  private let sink: @Sendable (HTTPLogRecord) -> Void
  private let elapsed: @Sendable () -> Duration
  private let includesBodies: Bool

  /// Creates the middleware.
  ///
  /// - Parameters:
  ///   - includesBodies: Whether records carry a preview of JSON bodies (masked).
  ///   - clock: Measures how long each request took.
  ///   - sink: Receives the records; called on the caller's isolation, so keep it quick.
  public init(
    includesBodies: Bool = true, clock: some Clock<Duration> = ContinuousClock(),
    sink: @escaping @Sendable (HTTPLogRecord) -> Void
  ) {
    let start = clock.now
    self.elapsed = { start.duration(to: clock.now) }
    self.includesBodies = includesBodies
    self.sink = sink
  }

  public func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    sink(record(.request, request, headers: request.headers, body: request.body))
    let started = elapsed()
    do {
      let response = try await next(request)
      let event = HTTPLogRecord.Event.response(status: response.status, duration: elapsed() - started)
      sink(record(event, request, headers: response.headers, body: response.body))
      return response
    } catch {
      sink(record(.failure(error, duration: elapsed() - started), request, headers: [:], body: nil))
      throw error
    }
  }

  private func record(
    _ event: HTTPLogRecord.Event, _ request: HTTPRequest, headers: HTTPHeaders, body: Data?
  ) -> HTTPLogRecord {
    HTTPLogRecord(
      event: event, method: request.method, url: Redaction.url(request.url), headers: headers.redacted,
      body: includesBodies ? body.flatMap { Redaction.body($0) } : nil)
  }
}
