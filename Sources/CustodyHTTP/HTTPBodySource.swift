import Foundation

/// A request body that is not held in memory: a file, or a stream read as the request is sent.
///
/// ``HTTPBody/file(_:contentType:)``, ``HTTPBody/stream(contentType:_:)`` and
/// ``HTTPBody/inputStream(contentType:_:)`` put one on an ``Endpoint``; the request then carries
/// it as ``HTTPRequest/bodySource``. Streams are made by a function, called for every attempt,
/// so a request with a streamed body can be retried and re-authorized like any other.
///
/// How ``URLSessionTransport`` sends each kind:
/// - a file is read by `URLSession` as it sends it (`uploadTask(with:fromFile:)`), never loaded
///   into memory;
/// - an `InputStream` is handed to `URLSession` (`uploadTask(withStreamedRequest:)`), which reads
///   it as it sends, with `Transfer-Encoding: chunked`;
/// - an `AsyncSequence` is first written to a temporary file, then sent as a file: memory stays
///   bounded whatever its size, but sending starts only when the sequence has ended.
public struct HTTPBodySource: Sendable, Hashable {
  enum Kind: Sendable {
    case file(URL)
    case inputStream(@Sendable () -> InputStream)
    case chunks(any ChunkProducer)
  }

  /// What equality compares: a file by its URL, a stream by the call that made the source.
  private enum Identity: Hashable, Sendable {
    case file(URL)
    case stream(UUID)
  }

  let kind: Kind
  private let identity: Identity

  private init(_ kind: Kind, identity: Identity) {
    self.kind = kind
    self.identity = identity
  }

  /// The contents of the file at `url`, read as they are sent.
  public static func file(_ url: URL) -> HTTPBodySource { HTTPBodySource(.file(url), identity: .file(url)) }

  /// The bytes of a stream that `makeStream` creates, unopened, for every attempt.
  ///
  /// On Linux, FoundationNetworking reads the stream on the session's own queue and ends the
  /// body as soon as the stream reports no bytes available, so give it a stream whose bytes are
  /// always at hand: one over data or a file (`InputStream(data:)`, `InputStream(url:)`). For
  /// bytes produced over time, use ``stream(_:)``.
  public static func inputStream(_ makeStream: @escaping @Sendable () -> InputStream) -> HTTPBodySource {
    HTTPBodySource(.inputStream(makeStream), identity: .stream(UUID()))
  }

  /// The chunks of an `AsyncSequence` that `makeChunks` creates for every attempt.
  ///
  /// ```swift
  /// let body = HTTPBodySource.stream { recording.encodedChunks() }
  /// ```
  ///
  /// An error the sequence throws fails the request with ``HTTPError/invalidRequest(reason:)``.
  public static func stream<Chunks: AsyncSequence>(
    _ makeChunks: @escaping @Sendable () -> Chunks
  ) -> HTTPBodySource where Chunks.Element == Data {
    HTTPBodySource(.chunks(SequenceChunks(make: makeChunks)), identity: .stream(UUID()))
  }

  /// The bytes of an `AsyncSequence` that `makeBytes` creates for every attempt, such as
  /// `URL.resourceBytes`, gathered into chunks of 64 KiB.
  public static func stream<Bytes: AsyncSequence>(
    bytes makeBytes: @escaping @Sendable () -> Bytes
  ) -> HTTPBodySource where Bytes.Element == UInt8 {
    HTTPBodySource(.chunks(ByteChunks(make: makeBytes)), identity: .stream(UUID()))
  }

  public static func == (lhs: HTTPBodySource, rhs: HTTPBodySource) -> Bool { lhs.identity == rhs.identity }
  public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

/// Reads a streamed body to its end, handing each chunk to `write`.
protocol ChunkProducer: Sendable {
  func forEach(_ write: (Data) throws -> Void) async throws
}

/// The chunks of a sequence of `Data`.
private struct SequenceChunks<Chunks: AsyncSequence>: ChunkProducer where Chunks.Element == Data {
  let make: @Sendable () -> Chunks

  func forEach(_ write: (Data) throws -> Void) async throws {
    var iterator = make().makeAsyncIterator()
    while let chunk = try await iterator.next() { try write(chunk) }
  }
}

/// The bytes of a sequence of `UInt8`, in chunks of 64 KiB.
private struct ByteChunks<Bytes: AsyncSequence>: ChunkProducer where Bytes.Element == UInt8 {
  static var chunkSize: Int { 64 * 1024 }
  let make: @Sendable () -> Bytes

  func forEach(_ write: (Data) throws -> Void) async throws {
    var chunk = Data(capacity: Self.chunkSize)
    var iterator = make().makeAsyncIterator()
    while let byte = try await iterator.next() {
      chunk.append(byte)
      if chunk.count == Self.chunkSize {
        try write(chunk)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty { try write(chunk) }
  }
}
