import Custody
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The misbehaving HTTP server of `scripts/faulty-server.py`, on 127.0.0.1, shared by the
/// fault-matrix tests of CustodyHTTP and Storefront.
///
/// When `CUSTODY_FAULTY_URL` is set (by a script that started the server) that server is used;
/// otherwise the first test that needs it starts one as a child process on a free port, and
/// every later test shares it. The child exits when its standard input closes, which happens
/// when this test process ends, however it ends, so it is never left behind.
///
/// Starting is awaited, never blocked on: the child's first line is read on a dispatch source.
public enum FaultServer {
  /// Why there is no server to send requests to.
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String { "the fault server could not be started (it needs python3)" }
  }

  /// The server started by a first caller: `nil` until then, `.some(nil)` when it could not start.
  private static let started = LockedState<URL??>(nil)
  private static let starts = SingleFlight<Int, URL?>()

  /// The server's base URL, or `nil` when it could not be started (or the caller was cancelled
  /// while it started).
  public static func baseURL() async -> URL? {
    if let url = ProcessInfo.processInfo.environment["CUSTODY_FAULTY_URL"].flatMap({ URL(string: $0) }) { return url }
    if let known = started.withLock({ $0 }) { return known }
    return try? await starts.run(0) {
      if let known = started.withLock({ $0 }) { return known }
      // A start cut short by cancellation is not remembered: the next caller tries again.
      let url = try await start()
      started.withLock { $0 = .some(url) }
      return url
    }
  }

  /// Whether a server runs; for `.enabled { await FaultServer.isAvailable }`.
  public static var isAvailable: Bool {
    get async { await baseURL() != nil }
  }

  /// The base URL of one misbehaviour: every request below it meets that fault.
  ///
  /// - Throws: ``Unavailable`` when there is no server.
  public static func url(_ fault: String) async throws -> URL {
    guard let base = await baseURL() else { throw Unavailable() }
    return base.appending(path: fault)
  }

  /// Starts the server and reads the port it listens on from its first line.
  ///
  /// - Returns: Its URL, or `nil` when it cannot be started.
  /// - Throws: `CancellationError` when the calling task was cancelled first.
  private static func start() async throws -> URL? {
    // Tests/Support/FaultServer.swift → the package root.
    let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "scripts/faulty-server.py")
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    guard FileManager.default.fileExists(atPath: script.path), pipe(&input) == 0 else { return nil }
    guard pipe(&output) == 0 else {
      input.forEach { close($0) }
      return nil
    }
    // Only the server holds the read end of its input; the write end stays open, unshared with
    // any other child, until this process exits. The read end of its output is this process's.
    _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
    _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    process.standardInput = FileHandle(fileDescriptor: input[0], closeOnDealloc: false)
    process.standardOutput = FileHandle(fileDescriptor: output[1], closeOnDealloc: false)
    let launched = Result { try process.run() }
    close(input[0])
    close(output[1])
    let reader = DescriptorReader(descriptor: output[0], label: "fault server output")
    // Closing the read end once the port is known is what the server expects: it prints nothing
    // after that line.
    defer { reader.close() }
    guard case .success = launched else { return nil }
    do {
      let line = try await reader.wait(for: "the fault server's port", timeout: .seconds(30)) {
        $0.bytes.contains(UInt8(ascii: "\n")) || $0.isFinished
      }
      let first = line.text.prefix { $0 != "\n" }
      guard first.hasPrefix("PORT "), let port = Int(first.dropFirst(5)) else { return nil }
      return URL(string: "http://127.0.0.1:\(port)")
    } catch {
      process.terminate()
      if error.reason == .cancelled { throw CancellationError() }
      return nil
    }
  }
}
