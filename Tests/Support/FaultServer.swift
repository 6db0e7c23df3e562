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
/// otherwise the first test that needs it starts one as a child process on a free port. The
/// child exits when its standard input closes, which happens when this test process ends,
/// however it ends, so it is never left behind.
public enum FaultServer {
  /// The server's base URL, or `nil` when it could not be started.
  public static let baseURL: URL? =
    ProcessInfo.processInfo.environment["CUSTODY_FAULTY_URL"].flatMap { URL(string: $0) } ?? start()

  public static var isAvailable: Bool { baseURL != nil }

  /// The base URL of one misbehaviour: every request below it meets that fault.
  public static func url(_ fault: String) -> URL { baseURL!.appending(path: fault) }

  private static func start() -> URL? {
    // Tests/Support/FaultServer.swift → the package root.
    let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "scripts/faulty-server.py")
    var input: [Int32] = [0, 0]
    guard FileManager.default.fileExists(atPath: script.path), pipe(&input) == 0 else { return nil }
    // Only the server holds the read end; the write end stays open, unshared with any other
    // child, until this process exits.
    _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    process.standardInput = FileHandle(fileDescriptor: input[0], closeOnDealloc: false)
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    close(input[0])
    guard let line = firstLine(of: output.fileHandleForReading), line.hasPrefix("PORT "),
      let port = Int(line.dropFirst(5))
    else { return nil }
    return URL(string: "http://127.0.0.1:\(port)")
  }

  private static func firstLine(of handle: FileHandle) -> String? {
    var line = Data()
    while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
      line.append(first)
    }
    return String(data: line, encoding: .utf8)
  }
}
