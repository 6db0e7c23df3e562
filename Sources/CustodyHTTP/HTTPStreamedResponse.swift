/// A response whose body is read as it arrives: the status and header fields, then the body as
/// an ``HTTPBodyStream``.
///
/// ```swift
/// let streamed = try await client.stream(Endpoint<Void>(path: "/stream/20"))
/// print(streamed.response.status, streamed.expectedContentLength ?? -1)
/// for try await chunk in streamed.body { consume(chunk) }
/// ```
public struct HTTPStreamedResponse: Sendable {
  /// The status, header fields and final URL. Its ``HTTPResponse/body`` is empty: the body is
  /// in ``body``.
  public var response: HTTPResponse
  /// The body, read as it arrives.
  public var body: HTTPBodyStream

  /// Creates a streamed response.
  public init(response: HTTPResponse, body: HTTPBodyStream) {
    self.response = response
    self.body = body
  }

  /// The body's length as the server announced it (`Content-Length`), or `nil` when it did not,
  /// or when the body is compressed, since the stream yields it decompressed.
  public var expectedContentLength: Int64? {
    let encoding = response.headers["Content-Encoding"]?.lowercased() ?? "identity"
    guard encoding == "identity", let value = response.headers["Content-Length"], let length = Int64(value),
      length >= 0
    else { return nil }
    return length
  }
}
