import Custody
import Foundation
import TestSupport
import Testing

@testable import CustodyHTTP

/// Streamed bodies over ``URLSessionTransport``: chunks and lines as they arrive, the transfer
/// ending with its reader, and failures mid-body.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(1)))
struct HTTPBinStreamingTests {
  let transport = URLSessionTransport()
  var client: HTTPClient {
    HTTPClient(baseURL: HTTPBin.url!, transport: transport, errorMessage: .jsonField("message"))
  }

  /// A body whose second byte comes five minutes after its first: a reader gets the first one
  /// only if chunks are handed on as they arrive.
  static let slowDrip = Endpoint<Void>(
    path: "/drip", query: [.init(name: "numbytes", value: "2"), .init(name: "duration", value: "600")],
    timeout: .seconds(600))

  struct Line: Decodable {
    let id: Int
  }

  @Test func readsNDJSONLineByLine() async throws {
    let streamed = try await client.stream(Endpoint<Void>(path: "/stream/5"))
    var ids: [Int] = []
    for try await line in streamed.body.lines {
      ids.append(try JSONDecoder().decode(Line.self, from: Data(line.utf8)).id)
    }
    #expect(streamed.response.status == 200)
    #expect(ids == [0, 1, 2, 3, 4])
  }

  @Test func streamsAWholeBodyOfKnownLength() async throws {
    let streamed = try await client.stream(Endpoint<Void>(path: "/bytes/100000"))
    var count = 0
    for try await chunk in streamed.body { count += chunk.count }
    #expect(streamed.expectedContentLength == 100_000)
    #expect(count == 100_000)
  }

  @Test func yieldsAChunkAsSoonAsItArrives() async throws {
    let streamed = try await client.stream(Self.slowDrip)
    var chunks = streamed.body.makeAsyncIterator()
    let first = try await chunks.next()
    #expect(first == Data("*".utf8))
  }

  @Test func leavingTheLoopCancelsTheTransfer() async throws {
    do {
      let streamed = try await client.stream(Self.slowDrip)
      for try await _ in streamed.body { break }
    }
    #expect(transport.activeTransfers == 0)
    // The session goes on serving requests.
    #expect(try await client.send(Endpoint<Echo>(path: "/get")).headers["Host"] != nil)
  }

  @Test func droppingAnUnreadBodyCancelsTheTransfer() async throws {
    _ = try await client.stream(Self.slowDrip)
    #expect(transport.activeTransfers == 0)
  }

  @Test func cancellingTheReaderEndsTheStreamWithCancelled() async throws {
    let client = client
    let (arrived, signal) = AsyncStream.makeStream(of: Void.self)
    let reader = Task { () -> HTTPError? in
      do throws(HTTPError) {
        for try await _ in try await client.stream(Self.slowDrip).body { signal.yield() }
        return nil
      } catch {
        return error
      }
    }
    var iterator = arrived.makeAsyncIterator()
    await iterator.next()
    reader.cancel()

    #expect(await reader.value == .cancelled)
    #expect(transport.activeTransfers == 0)
  }

  @Test func anErrorStatusFailsBeforeTheBodyWithTheServerMessage() async throws {
    let endpoint = Endpoint<Void>(path: "/status/503")
    do {
      _ = try await client.stream(endpoint)
      Issue.record("a 503 was streamed")
    } catch {
      #expect(error == .serverError(status: 503, message: nil))
    }
  }

  @Test func aRetriedStreamGetsTheLaterAttemptsBody() async throws {
    // 503 first, then the stream: the retry reads the first body and cancels nothing it needs.
    let attempts = LockedState(0)
    let flaky = FlakyOnce(attempts: attempts)
    let client = HTTPClient(
      baseURL: HTTPBin.url!, transport: transport,
      middleware: [RetryMiddleware(jitter: { _ in .zero }), flaky])
    let streamed = try await client.stream(Endpoint<Void>(path: "/stream/3"))
    var lines = 0
    for try await _ in streamed.body.lines { lines += 1 }
    #expect(attempts.withLock { $0 } == 2)
    #expect(lines == 3)
  }
}

/// Sends its first request to `/status/503`, later ones where they were going.
struct FlakyOnce: HTTPMiddleware {
  let attempts: LockedState<Int>

  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    let attempt = attempts.withLock { count in
      count += 1
      return count
    }
    guard attempt == 1 else { return try await next(request) }
    var failing = request
    failing.url = request.url.deletingLastPathComponent().deletingLastPathComponent().appending(path: "status/503")
    return try await next(failing)
  }
}

/// Streams from the misbehaving server: a connection that breaks mid-body, and a head that
/// arrives without a body.
@Suite(
  .enabled("needs python3 for scripts/faulty-server.py") { await FaultServer.isAvailable }, .timeLimit(.minutes(1)))
struct FaultyStreamingTests {
  @Test func aConnectionBrokenMidBodyThrowsAfterTheChunksThatArrived() async throws {
    let client = HTTPClient(baseURL: try await FaultServer.url("close-mid-chunked"), transport: URLSessionTransport())
    let streamed = try await client.stream(Endpoint<Void>(path: "/products"))
    var received = Data()
    var failure: HTTPError?
    do {
      for try await chunk in streamed.body { received.append(chunk) }
    } catch {
      failure = error
    }
    #expect(received.starts(with: Data(#"{"products": [{"id": 1"#.utf8)), "the first chunk arrived")
    #expect(
      failure.map { FaultMatrixTests.brokenConnection.contains($0.failureCategory) } == true,
      "\(String(describing: failure))")
  }

  @Test func theHeadArrivesBeforeABodyThatNeverComes() async throws {
    let transport = URLSessionTransport()
    let client = HTTPClient(baseURL: try await FaultServer.url("hang-after-headers"), transport: transport)
    let streamed = try await client.stream(Endpoint<Void>(path: "/products", timeout: .seconds(600)))
    #expect(streamed.response.status == 200)
    #expect(streamed.expectedContentLength ?? 0 > 0)
    streamed.body.cancel()
    #expect(transport.activeTransfers == 0)
  }
}
