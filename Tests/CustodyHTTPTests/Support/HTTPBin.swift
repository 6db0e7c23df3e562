import CustodyHTTP
import Foundation

/// The httpbin server that `scripts/test` starts, on two loopback addresses.
///
/// Tests that need it are enabled only when `CUSTODY_HTTPBIN_URL` and `CUSTODY_HTTPBIN_URL_2`
/// are set; without them they are skipped with a reason that names `scripts/test`.
enum HTTPBin {
  /// The server on 127.0.0.1.
  static let url = environmentURL("CUSTODY_HTTPBIN_URL")
  /// The same server reached on another host (127.0.0.2), for cross-host redirects.
  static let otherHostURL = environmentURL("CUSTODY_HTTPBIN_URL_2")

  static var isAvailable: Bool { url != nil && otherHostURL != nil }

  private static func environmentURL(_ name: String) -> URL? {
    ProcessInfo.processInfo.environment[name].flatMap { URL(string: $0) }
  }
}

extension HTTPBin {
  /// A client of the server on 127.0.0.1 over a fresh ``URLSessionTransport``.
  static func client(
    _ configuration: URLSessionTransport.Configuration = .init(), middleware: [any HTTPMiddleware] = []
  ) -> HTTPClient {
    HTTPClient(baseURL: url!, transport: URLSessionTransport(configuration: configuration), middleware: middleware)
  }

  /// The URL of `path` on the second host, for redirects to it.
  static func otherHost(_ path: String) -> String { otherHostURL!.absoluteString + path }
}

/// What httpbin's `/headers` and `/anything` report about the request they received.
struct Echo: Decodable, Sendable {
  let headers: [String: String]
}

/// Tells the test when a request is handed on toward the transport.
struct SentSignal: HTTPMiddleware {
  let continuation: AsyncStream<Void>.Continuation

  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    continuation.yield()
    return try await next(request)
  }
}
