import Custody
import CustodyHTTP
import Foundation
import TestSupport
import Testing

/// Downloads to a file over ``URLSessionTransport``: progress, the atomic move into place,
/// cancellation and failures that leave no partial file.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(3)))
struct HTTPBinDownloadTests {
  let folder: TemporaryFolder
  let client = HTTPBin.client()

  init() throws { folder = try TemporaryFolder() }

  static func drip(bytes: Int, seconds: Int) -> Endpoint<Void> {
    Endpoint(
      path: "/drip", query: [.init(name: "numbytes", value: "\(bytes)"), .init(name: "duration", value: "\(seconds)")],
      timeout: .seconds(600))
  }

  @Test func downloadsABodyOfKnownLengthReportingProgress() async throws {
    let reports = LockedState<[HTTPTransferProgress]>([])
    let destination = folder.file("bytes.bin")

    let response = try await client.download(Endpoint<Void>(path: "/bytes/100000"), to: destination) { progress in
      reports.withLock { $0.append(progress) }
    }

    let seen = reports.withLock { $0 }
    #expect(response.status == 200)
    #expect(try Data(contentsOf: destination).count == 100_000)
    #expect(seen.last == HTTPTransferProgress(bytesReceived: 100_000, bytesExpected: 100_000))
    #expect(seen.map(\.bytesReceived) == seen.map(\.bytesReceived).sorted(), "progress only grows")
    #expect(seen.last?.fractionCompleted == 1)
    #expect(folder.contents == ["bytes.bin"], "no temporary file is left")
  }

  @Test func aChunkedBodyHasNoExpectedLength() async throws {
    let reports = LockedState<[HTTPTransferProgress]>([])
    let destination = folder.file("stream.bin")

    try await client.download(
      Endpoint<Void>(path: "/stream-bytes/50000", query: [.init(name: "chunk_size", value: "4096")]), to: destination
    ) { progress in reports.withLock { $0.append(progress) } }

    #expect(try Data(contentsOf: destination).count == 50_000)
    #expect(reports.withLock { $0.last } == HTTPTransferProgress(bytesReceived: 50_000, bytesExpected: nil))
    #expect(reports.withLock { $0.count } > 1, "reported as the chunks arrived")
  }

  @Test func theDestinationKeepsItsOldContentsUntilTheNewBodyIsComplete() async throws {
    let destination = folder.file("catalog.txt")
    try Data("old".utf8).write(to: destination)
    let seenDuringDownload = LockedState<[String]>([])

    try await client.download(Self.drip(bytes: 3, seconds: 1), to: destination) { _ in
      let now = (try? String(contentsOf: destination, encoding: .utf8)) ?? "<unreadable>"
      seenDuringDownload.withLock { $0.append(now) }
    }

    let seen = seenDuringDownload.withLock { $0 }
    #expect(!seen.isEmpty && seen.allSatisfy { $0 == "old" }, "\(seen)")
    #expect(try String(contentsOf: destination, encoding: .utf8) == "***")
    #expect(folder.contents == ["catalog.txt"])
  }

  @Test func cancellingRemovesThePartialFileAndKeepsTheOldOne() async throws {
    let destination = folder.file("big.bin")
    try Data("old".utf8).write(to: destination)
    let (firstBytes, signal) = AsyncStream.makeStream(of: Void.self)
    let client = client
    let download = Task { () -> HTTPError? in
      do throws(HTTPError) {
        try await client.download(Self.drip(bytes: 2, seconds: 600), to: destination) { _ in signal.yield() }
        return nil
      } catch {
        return error
      }
    }
    var iterator = firstBytes.makeAsyncIterator()
    await iterator.next()
    #expect(folder.contents.count == 2, "the partial file exists while the body arrives")
    download.cancel()

    #expect(await download.value == .cancelled)
    #expect(folder.contents == ["big.bin"])
    #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
  }

  @Test func anErrorStatusIsItsFailureAndWritesNothing() async {
    let failure = await Self.failure {
      try await client.download(Endpoint<Void>(path: "/status/404"), to: folder.file("x"))
    }
    #expect(failure == .notFound(message: nil))
    #expect(folder.contents.isEmpty)
  }

  @Test func aMissingFolderIsAFileFailure() async {
    let destination = folder.file("missing/x.bin")
    let failure = await Self.failure { try await client.download(Endpoint<Void>(path: "/bytes/10"), to: destination) }
    guard case .transport(let code, let reason)? = failure else {
      Issue.record("expected a transport failure, got \(String(describing: failure))")
      return
    }
    #expect(code == URLError.cannotCreateFile.rawValue)
    #expect(reason.hasPrefix("the file could not be created: No such file or directory"))
    #expect(!reason.contains(folder.url.path), "no path in the reason")
  }

  static func failure(_ body: () async throws -> Void) async -> HTTPError? {
    do {
      try await body()
      return nil
    } catch {
      return (error as? HTTPError) ?? .transport(code: 0, reason: "not an HTTPError: \(error)")
    }
  }
}

/// A download whose connection breaks leaves no partial file.
@Suite(
  .enabled("needs python3 for scripts/faulty-server.py") { await FaultServer.isAvailable }, .timeLimit(.minutes(3)))
struct FaultyDownloadTests {
  @Test func aBrokenConnectionLeavesNoFile() async throws {
    let folder = try TemporaryFolder()
    let client = HTTPClient(baseURL: try await FaultServer.url("close-mid-body"), transport: URLSessionTransport())
    let failure = await HTTPBinDownloadTests.failure {
      try await client.download(Endpoint<Void>(path: "/products"), to: folder.file("products.json"))
    }
    #expect(
      failure.map { FaultMatrixTests.brokenConnection.contains($0.failureCategory) } == true,
      "\(String(describing: failure))")
    #expect(folder.contents.isEmpty)
  }
}
