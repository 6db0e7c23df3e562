import Custody
import CustodyHTTP
import Foundation
import Testing

/// Request bodies from files and streams over ``URLSessionTransport``; httpbin echoes what it
/// received in `data`.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .serialized, .timeLimit(.minutes(1)))
struct HTTPBinUploadTests {
  struct Echoed: Decodable, Sendable {
    let data: String
    let headers: [String: String]
  }

  let folder: TemporaryFolder
  let client = HTTPBin.client()

  init() throws { folder = try TemporaryFolder() }

  /// Text of `count` bytes that shows where a piece went missing or was repeated.
  static func text(_ count: Int) -> Data {
    var text = ""
    var line = 0
    while text.utf8.count < count {
      text += "line \(line)\n"
      line += 1
    }
    return Data(text.utf8.prefix(count))
  }

  func upload(_ body: HTTPBody, path: String = "/post") async throws -> Echoed {
    try await client.send(Endpoint<Echoed>(method: .post, path: path, body: body))
  }

  @Test func sendsAFileWithItsLength() async throws {
    let contents = Self.text(1_500_000)
    let file = folder.file("upload.txt")
    try contents.write(to: file)

    let echoed = try await upload(.file(file, contentType: "text/plain"))

    #expect(echoed.data == String(decoding: contents, as: UTF8.self))
    #expect(echoed.headers["Content-Length"] == "1500000")
    #expect(echoed.headers["Content-Type"] == "text/plain")
  }

  @Test func aFileThatCannotBeReadFailsTheRequest() async {
    let failure = await client.failure(
      of: Endpoint<Echoed>(method: .post, path: "/post", body: .file(folder.file("absent"), contentType: "text/plain")))
    #expect(failure == .invalidRequest(reason: "the file to upload cannot be read"))
  }

  /// The bodies waiting in the temporary folder to be sent. The suite is serialized, so no
  /// other test of this process spools one meanwhile.
  static func spooledFiles() -> [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
    return names.filter { $0.hasPrefix("custody-upload-") }.sorted()
  }

  @Test func sendsTheChunksOfAnAsyncSequence() async throws {
    let spooledBefore = Self.spooledFiles()
    let chunks = (0..<40).map { Data("chunk \($0);".utf8) }
    let echoed = try await upload(
      .stream(contentType: "text/plain") {
        AsyncStream<Data> { continuation in
          for chunk in chunks { continuation.yield(chunk) }
          continuation.finish()
        }
      }, path: "/anything")

    #expect(echoed.data == chunks.map { String(decoding: $0, as: UTF8.self) }.joined())
    #expect(echoed.headers["Content-Length"] == "\(chunks.map(\.count).reduce(0, +))")
    #expect(Self.spooledFiles() == spooledBefore, "the temporary file is removed once the request ended")
  }

  @Test func sendsAnAsyncSequenceOfBytes() async throws {
    let contents = Self.text(200_000)
    let echoed = try await upload(
      .source(.stream(bytes: { contents.async }), contentType: "text/plain"))
    #expect(echoed.data == String(decoding: contents, as: UTF8.self))
  }

  @Test func aSequenceThatFailsFailsTheRequest() async {
    struct Broken: Error {}
    let failure = await client.failure(
      of: Endpoint<Echoed>(
        method: .post, path: "/post",
        body: .stream(contentType: "text/plain") {
          AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("some".utf8))
            continuation.finish(throwing: Broken())
          }
        }))
    #expect(failure == .invalidRequest(reason: "the body's stream failed"))
  }

  @Test(arguments: [false, true])
  func sendsAnInputStreamChunked(fromFile: Bool) async throws {
    let contents = Self.text(300_000)
    let file = folder.file("stream.txt")
    try contents.write(to: file)

    let echoed = try await upload(
      .inputStream(contentType: "text/plain") { fromFile ? InputStream(url: file)! : InputStream(data: contents) })

    #expect(echoed.data == String(decoding: contents, as: UTF8.self))
    #expect(echoed.headers["Transfer-Encoding"] == "chunked")
  }
}

extension Data {
  /// The bytes as an `AsyncSequence`, one at a time.
  var async: AsyncStream<UInt8> {
    AsyncStream { continuation in
      for byte in self { continuation.yield(byte) }
      continuation.finish()
    }
  }
}
