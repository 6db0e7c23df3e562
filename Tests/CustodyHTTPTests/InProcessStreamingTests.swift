import Custody
import CustodyHTTP
import Foundation
import Testing

/// A transport that streams each body through a continuation the test holds, in process.
final class ChunkedTransport: HTTPTransport {
  struct Transfer: Sendable {
    let request: HTTPRequest
    let continuation: HTTPBodyStream.Continuation
  }

  let status: Int
  let bufferLimit: Int
  /// How many times a reader stopped a body before it ended.
  let cancellations = LockedState(0)
  let transfers: AsyncStream<Transfer>
  private let started: AsyncStream<Transfer>.Continuation

  init(status: Int = 200, bufferLimit: Int = 1024) {
    self.status = status
    self.bufferLimit = bufferLimit
    (transfers, started) = AsyncStream.makeStream(of: Transfer.self)
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(status: status)
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse {
    let (body, continuation) = HTTPBodyStream.makeStream(bufferLimit: bufferLimit) { [cancellations] in
      cancellations.withLock { $0 += 1 }
    }
    started.yield(Transfer(request: request, continuation: continuation))
    return HTTPStreamedResponse(response: HTTPResponse(status: status, url: request.url), body: body)
  }
}

/// ``HTTPClient/stream(_:)`` and ``HTTPBodyStream`` without a network: lines, the end of a
/// reader, a reader that falls behind, and middleware.
@Suite(.timeLimit(.minutes(1)))
struct InProcessStreamingTests {
  let transport = ChunkedTransport()
  var client: HTTPClient { HTTPClient(baseURL: testBaseURL, transport: transport) }

  func nextTransfer() async throws -> ChunkedTransport.Transfer {
    var iterator = transport.transfers.makeAsyncIterator()
    return try #require(await iterator.next())
  }

  @Test func splitsLinesAcrossChunksWithEitherEnding() async throws {
    let streamed = try await client.stream(Endpoint<Void>(path: "/events"))
    let transfer = try await nextTransfer()
    for chunk in ["fir", "st\r\nsec", "ond\n\nthi", "rd é", "\u{301}"] { transfer.continuation.yield(Data(chunk.utf8)) }
    transfer.continuation.finish()

    var lines: [String] = []
    for try await line in streamed.body.lines { lines.append(line) }

    #expect(lines == ["first", "second", "", "third é\u{301}"])
  }

  @Test func aLineOverTheLimitFailsAndStopsTheTransfer() async throws {
    let streamed = try await client.stream(Endpoint<Void>(path: "/events"))
    let transfer = try await nextTransfer()
    transfer.continuation.yield(Data("short\n".utf8))
    transfer.continuation.yield(Data(repeating: UInt8(ascii: "x"), count: 20))

    var lines = streamed.body.lines(maximumLength: 10).makeAsyncIterator()
    let first = try await lines.next()
    await #expect(throws: HTTPError.responseTooLarge(limit: 10)) { _ = try await lines.next() }
    #expect(first == "short")
    #expect(transport.cancellations.withLock { $0 } == 1)
    #expect(try await lines.next() == nil)
  }

  @Test func aReaderThatFallsTooFarBehindFailsAndTheTransferStops() async throws {
    let streamed = try await client.stream(Endpoint<Void>(path: "/firehose"))
    let transfer = try await nextTransfer()
    let accepted = (0..<5).map { _ in transfer.continuation.yield(Data(count: 400)) }

    var chunks = streamed.body.makeAsyncIterator()
    await #expect(throws: HTTPError.responseTooLarge(limit: 1024)) { _ = try await chunks.next() }
    #expect(accepted == [true, true, false, false, false])
    #expect(transport.cancellations.withLock { $0 } == 1)
  }

  @Test func aBrokenBodyThrowsAfterWhatArrived() async throws {
    let streamed = try await client.stream(Endpoint<Void>(path: "/events"))
    let transfer = try await nextTransfer()
    transfer.continuation.yield(Data("one\n".utf8))
    transfer.continuation.finish(throwing: .offline(reason: "the connection was lost"))

    var lines = streamed.body.lines.makeAsyncIterator()
    #expect(try await lines.next() == "one")
    await #expect(throws: HTTPError.offline(reason: "the connection was lost")) { _ = try await lines.next() }
    #expect(try await lines.next() == nil)
  }

  @Test func aReaderWaitingForAChunkEndsAtOnceWhenCancelled() async throws {
    let client = client
    let reader = Task { () -> HTTPError? in
      do throws(HTTPError) {
        for try await _ in try await client.stream(Endpoint<Void>(path: "/quiet")).body {}
        return nil
      } catch {
        return error
      }
    }
    _ = try await nextTransfer()
    reader.cancel()

    #expect(await reader.value == .cancelled)
    #expect(transport.cancellations.withLock { $0 } == 1)
  }

  @Test func aBodyReadToItsEndIsNotCancelledWhenDropped() async throws {
    do {
      let streamed = try await client.stream(Endpoint<Void>(path: "/short"))
      let transfer = try await nextTransfer()
      transfer.continuation.yield(Data("all".utf8))
      transfer.continuation.finish()
      for try await _ in streamed.body {}
    }
    #expect(transport.cancellations.withLock { $0 } == 0)
  }

  @Test func anErrorStatusIsReadWholeForTheErrorMessage() async throws {
    let transport = ChunkedTransport(status: 429)
    let client = HTTPClient(baseURL: testBaseURL, transport: transport, errorMessage: .jsonField("message"))
    let call = Task { try await client.stream(Endpoint<Void>(path: "/busy")) }
    var transfers = transport.transfers.makeAsyncIterator()
    let transfer = try #require(await transfers.next())
    transfer.continuation.yield(Data(#"{"message": "#.utf8))
    transfer.continuation.yield(Data(#""slow down"}"#.utf8))
    transfer.continuation.finish()

    await #expect(throws: HTTPError.rateLimited(retryAfter: nil, message: "slow down")) { _ = try await call.value }
  }

  @Test func theStreamOfASupersededAttemptIsCancelled() async throws {
    let resend = ResendOnce()
    let client = HTTPClient(baseURL: testBaseURL, transport: transport, middleware: [resend])
    let streamed = try await client.stream(Endpoint<Void>(path: "/twice"))
    var transfers = transport.transfers.makeAsyncIterator()
    _ = try #require(await transfers.next())
    let second = try #require(await transfers.next())
    second.continuation.yield(Data("second".utf8))
    second.continuation.finish()

    var body = Data()
    for try await chunk in streamed.body { body.append(chunk) }

    #expect(body == Data("second".utf8))
    #expect(transport.cancellations.withLock { $0 } == 1, "the first attempt's body")
  }

  @Test func aTransportWithoutStreamingStreamsItsBodyAsOneChunk() async throws {
    let client = HTTPClient(
      baseURL: testBaseURL, transport: InProcessTransport { _ in HTTPResponse(status: 200, body: Data("whole".utf8)) })
    let streamed = try await client.stream(Endpoint<Void>(path: "/plain"))
    var chunks: [Data] = []
    for try await chunk in streamed.body { chunks.append(chunk) }
    #expect(chunks == [Data("whole".utf8)])
    #expect(streamed.response.body.isEmpty)
  }
}

/// Sends every request twice and answers with the second response.
struct ResendOnce: HTTPMiddleware {
  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    _ = try await next(request)
    return try await next(request)
  }
}
