import Custody
import CustodyHTTP
import Foundation
import Testing

/// Bodies from files and streams, in process: the handler finds them in `body`, and a retried
/// request makes its stream again.
@Suite(.timeLimit(.minutes(3)))
struct InProcessUploadTests {
  /// A server that fails the first `failures` requests with 503 and records every body.
  actor Recorder {
    var bodies: [Data] = []
    var failures: Int

    init(failures: Int = 0) { self.failures = failures }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
      bodies.append(request.body ?? Data())
      guard failures == 0 else {
        failures -= 1
        return .message("busy", status: 503)
      }
      return HTTPResponse(status: 204)
    }
  }

  func client(_ recorder: Recorder, middleware: [any HTTPMiddleware] = []) -> HTTPClient {
    HTTPClient(
      baseURL: testBaseURL, transport: InProcessTransport { await recorder.handle($0) }, middleware: middleware)
  }

  @Test func theHandlerFindsAFileBodyInBody() async throws {
    let folder = try TemporaryFolder()
    let file = folder.file("photo.jpg")
    try Data("jpeg bytes".utf8).write(to: file)
    let recorder = Recorder()

    try await client(recorder).send(
      Endpoint<Void>(method: .put, path: "/photos/1", body: .file(file, contentType: "image/jpeg")))

    #expect(await recorder.bodies == [Data("jpeg bytes".utf8)])
  }

  @Test func aRetriedRequestMakesItsStreamAgain() async throws {
    let made = LockedState(0)
    let recorder = Recorder(failures: 1)
    let client = client(recorder, middleware: [RetryMiddleware(jitter: { _ in .zero }, retries: { _ in true })])
    let endpoint = Endpoint<Void>(
      method: .post, path: "/events",
      body: .stream(contentType: "application/x-ndjson") {
        made.withLock { $0 += 1 }
        return AsyncStream<Data> { continuation in
          continuation.yield(Data("{}\n".utf8))
          continuation.yield(Data("{}\n".utf8))
          continuation.finish()
        }
      })

    try await client.send(endpoint)

    #expect(made.withLock { $0 } == 2)
    #expect(await recorder.bodies == Array(repeating: Data("{}\n{}\n".utf8), count: 2))
  }

  @Test func anInputStreamIsReadWhole() async throws {
    let recorder = Recorder()
    try await client(recorder).send(
      Endpoint<Void>(
        method: .post, path: "/raw",
        body: .inputStream(contentType: "application/octet-stream") { InputStream(data: Data(count: 200_000)) }))
    #expect(await recorder.bodies.map(\.count) == [200_000])
  }

  @Test func aCancelledCallerStopsReadingTheStream() async throws {
    let recorder = Recorder()
    let client = client(recorder)
    let (pulled, signal) = AsyncStream.makeStream(of: Void.self)
    let call = Task { () -> HTTPError? in
      do throws(HTTPError) {
        try await client.send(
          Endpoint<Void>(
            method: .post, path: "/endless",
            body: .stream(contentType: "text/plain") {
              AsyncStream<Data> {
                signal.yield()
                return Data("more".utf8)
              } onCancel: {
              }
            }))
        return nil
      } catch {
        return error
      }
    }
    var iterator = pulled.makeAsyncIterator()
    await iterator.next()
    call.cancel()

    #expect(await call.value == .cancelled)
    #expect(await recorder.bodies.isEmpty)
  }
}
