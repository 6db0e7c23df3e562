import Foundation

/// A response as the transport received it: status, header fields and the body bytes.
///
/// Middleware sees every response, whatever its status; ``HTTPClient`` turns a status outside
/// 2xx into an ``HTTPError`` at the end.
public struct HTTPResponse: Sendable, Hashable {
  /// The HTTP status code.
  public var status: Int
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body bytes, decompressed.
  public var body: Data
  /// The URL that answered, after redirects, when the transport knows it.
  public var url: URL?

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// A JSON response: `value` encoded with `encoder`, `Content-Type: application/json`.
  ///
  /// ```swift
  /// let transport = InProcessTransport { request in
  ///   try .json(["id": 1], status: 200)
  /// }
  /// ```
  public static func json(
    _ value: some Encodable, status: Int = 200, headers: HTTPHeaders = [:], encoder: JSONEncoder = JSONEncoder()
  ) throws -> HTTPResponse {
    var headers = headers
    headers["Content-Type"] = "application/json"
    return HTTPResponse(status: status, headers: headers, body: try encoder.encode(value))
  }

  /// A JSON error response `{"message": message}`, for in-process servers and tests; a client
  /// reads it back with ``HTTPErrorMessage/jsonField(_:)``.
  public static func message(_ message: String, status: Int, headers: HTTPHeaders = [:]) -> HTTPResponse {
    var headers = headers
    headers["Content-Type"] = "application/json"
    let body = (try? JSONEncoder().encode(["message": message])) ?? Data()
    return HTTPResponse(status: status, headers: headers, body: body)
  }
}

extension HTTPResponse: CustomStringConvertible {
  /// The status and body size; never header values that could hold a secret, nor the body.
  public var description: String { "HTTP \(status) (\(body.count) bytes)" }
}
