import Foundation

/// A response body read as it arrives: an `AsyncSequence` of the chunks the server sent.
///
/// ``HTTPClient/stream(_:)`` returns one. The sequence yields each chunk as soon as the transport
/// receives it, ends when the body ends, and throws an ``HTTPError`` when the connection breaks
/// mid-body. For text that comes in lines (server-sent events, NDJSON), iterate ``lines``.
///
/// ```swift
/// let events = try await client.stream(Endpoint<Void>(path: "/events", timeout: .seconds(300)))
/// for try await line in events.body.lines {
///   try handle(line)
/// }
/// ```
///
/// The transfer ends with its reader: cancelling the reading task, leaving the loop, or dropping
/// the stream unread cancels it. Chunks that arrive faster than they are read wait in memory, up
/// to the transport's limit (``URLSessionTransport/Configuration/maximumResponseSize``); a reader
/// that falls further behind gets ``HTTPError/responseTooLarge(limit:)``.
///
/// Iterate a stream once, from one task at a time: copies share one body.
public struct HTTPBodyStream: Sendable {
  let consumer: BodyStreamConsumer

  init(storage: BodyStreamStorage) { consumer = BodyStreamConsumer(storage) }

  /// A body already in memory, as one chunk.
  public init(_ data: Data) {
    let (stream, continuation) = Self.makeStream(bufferLimit: Swift.max(data.count, 1))
    continuation.yield(data)
    continuation.finish()
    self = stream
  }

  /// Creates a stream and the continuation that feeds it, for a transport of your own.
  ///
  /// ```swift
  /// let (body, continuation) = HTTPBodyStream.makeStream { connection.close() }
  /// connection.onData = { continuation.yield($0) }
  /// connection.onEnd = { lost in lost ? continuation.finish(throwing: .offline(reason: "lost")) : continuation.finish() }
  /// ```
  ///
  /// - Parameters:
  ///   - bufferLimit: The most bytes kept unread; past it the stream fails with
  ///     ``HTTPError/responseTooLarge(limit:)`` and `onCancel` is called.
  ///   - onCancel: Called once, from any thread, when the reader stops before the body ended
  ///     (cancelled, left its loop, dropped the stream) or fell too far behind: stop producing.
  public static func makeStream(
    bufferLimit: Int = 20 * 1024 * 1024, onCancel: @escaping @Sendable () -> Void = {}
  ) -> (stream: HTTPBodyStream, continuation: Continuation) {
    let storage = BodyStreamStorage(limit: bufferLimit, onCancel: onCancel)
    return (HTTPBodyStream(storage: storage), Continuation(storage: storage))
  }

  /// Stops reading: the transfer is cancelled unless it already ended.
  func cancel() { consumer.storage.cancel() }

  /// The whole body, or its first `limit` bytes (the rest is not read).
  func collect(upTo limit: Int) async throws(HTTPError) -> Data {
    var data = Data()
    var iterator = makeAsyncIterator()
    while data.count < limit, let chunk = try await iterator.next() {
      data.append(chunk.prefix(limit - data.count))
    }
    if data.count >= limit { cancel() }
    return data
  }
}

extension HTTPBodyStream: AsyncSequence {
  public typealias Element = Data
  public typealias Failure = HTTPError

  public func makeAsyncIterator() -> Iterator { Iterator(consumer: consumer) }

  /// Reads the chunks of an ``HTTPBodyStream``.
  public struct Iterator: AsyncIteratorProtocol {
    public typealias Element = Data
    public typealias Failure = HTTPError

    let consumer: BodyStreamConsumer

    /// The next chunk, or `nil` at the end of the body.
    ///
    /// - Throws: ``HTTPError``: the connection broke, the reader fell too far behind, or the
    ///   calling task was cancelled (``HTTPError/cancelled``).
    public mutating func next() async throws(HTTPError) -> Data? {
      switch await consumer.storage.next() {
      case .chunk(let chunk): return chunk
      case .end: return nil
      case .failure(let failure): throw failure
      }
    }
  }
}

@available(*, unavailable)
extension HTTPBodyStream.Iterator: Sendable {}

extension HTTPBodyStream {
  /// Feeds an ``HTTPBodyStream`` made with ``HTTPBodyStream/makeStream(bufferLimit:onCancel:)``.
  public struct Continuation: Sendable {
    let storage: BodyStreamStorage

    /// Delivers the next chunk of the body.
    ///
    /// - Returns: Whether the reader still wants more; after `false`, stop producing.
    @discardableResult
    public func yield(_ chunk: Data) -> Bool { storage.yield(chunk) }

    /// Ends the body.
    public func finish() { storage.finish(nil) }

    /// Ends the body with `failure`, which the reader gets after the chunks it has not read.
    public func finish(throwing failure: HTTPError) { storage.finish(failure) }
  }
}
