import Foundation

/// The body of an ``Endpoint``.
///
/// In memory (``data(_:contentType:)``, ``json(_:)``), or read as it is sent: a file
/// (``file(_:contentType:)``) or a stream (``stream(contentType:_:)``,
/// ``inputStream(contentType:_:)``); see ``HTTPBodySource`` for how each is sent.
///
/// ```swift
/// let upload = Endpoint<Receipt>(method: .put, path: "/photos/42", body: .file(photo, contentType: "image/jpeg"))
/// let receipt = try await client.send(upload)
/// ```
public struct HTTPBody: Sendable {
  enum Content: Sendable {
    case data(Data, contentType: String)
    case json(any Encodable & Sendable)
    case source(HTTPBodySource, contentType: String)
  }

  let content: Content

  /// Raw bytes sent with the given `Content-Type`.
  public static func data(_ data: Data, contentType: String) -> HTTPBody {
    HTTPBody(content: .data(data, contentType: contentType))
  }

  /// A value encoded as JSON by the client's encoder, sent as `application/json`.
  public static func json(_ value: some Encodable & Sendable) -> HTTPBody {
    HTTPBody(content: .json(value))
  }

  /// The contents of the file at `url`, read as they are sent and never loaded into memory.
  /// A file that cannot be read fails the request with ``HTTPError/invalidRequest(reason:)``.
  public static func file(_ url: URL, contentType: String) -> HTTPBody {
    HTTPBody(content: .source(.file(url), contentType: contentType))
  }

  /// The chunks of an `AsyncSequence` that `makeChunks` creates for every attempt; see
  /// ``HTTPBodySource/stream(_:)``.
  ///
  /// ```swift
  /// let body = HTTPBody.stream(contentType: "application/x-ndjson") { events.map { try encoder.encode($0) + [0x0A] } }
  /// ```
  public static func stream<Chunks: AsyncSequence>(
    contentType: String, _ makeChunks: @escaping @Sendable () -> Chunks
  ) -> HTTPBody where Chunks.Element == Data {
    HTTPBody(content: .source(.stream(makeChunks), contentType: contentType))
  }

  /// The bytes of a stream that `makeStream` creates, unopened, for every attempt; see
  /// ``HTTPBodySource/inputStream(_:)`` for what Linux supports.
  public static func inputStream(
    contentType: String, _ makeStream: @escaping @Sendable () -> InputStream
  ) -> HTTPBody {
    HTTPBody(content: .source(.inputStream(makeStream), contentType: contentType))
  }

  /// A body read as it is sent, from `source`.
  public static func source(_ source: HTTPBodySource, contentType: String) -> HTTPBody {
    HTTPBody(content: .source(source, contentType: contentType))
  }
}
