import Foundation
import TestSupport

/// Runs the built `storefront` binary, as a user or a script would.
///
/// The binary sits next to the test bundle in the build products folder (`swift build
/// --build-tests` builds it, since this test target depends on it); `STOREFRONT_BINARY`
/// overrides the path.
enum StorefrontBinary {
  struct Outcome: Sendable {
    var status: Int32
    var output: String
    var error: String
  }

  static let url: URL = {
    if let path = ProcessInfo.processInfo.environment["STOREFRONT_BINARY"] { return URL(fileURLWithPath: path) }
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = executable.deletingLastPathComponent()
    // On Apple platforms the test binary is inside `<Package>PackageTests.xctest/Contents/MacOS`.
    while folder.pathComponents.count > 1,
      !FileManager.default.fileExists(atPath: folder.appending(path: "storefront").path)
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appending(path: "storefront")
  }()

  /// Runs `storefront` with `arguments`, `--latency 0` unless the arguments set it, and
  /// `input` on standard input; awaits its exit (a cancelled wait terminates it). `output`
  /// replaces the file standard output goes to (`/dev/full`, say); the outcome's output is then
  /// empty.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:], output: URL? = nil
  ) async throws
    -> Outcome
  {
    let folder = FileManager.default.temporaryDirectory.appending(path: "storefront-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputFile = folder.appending(path: "in")
    let outputFile = folder.appending(path: "out")
    let errorFile = folder.appending(path: "err")
    try Data(input.utf8).write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    variables.merge(environment) { $1 }
    process.environment = variables
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: output ?? outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    let exit = AwaitableState<Int32?>(nil, isFinal: { $0 != nil })
    process.terminationHandler = { process in exit.update { $0 = process.terminationStatus } }
    try process.run()
    let status: Int32
    do {
      status = try await exit.wait(for: "storefront \(arguments) to exit", timeout: .seconds(60)) { $0 != nil }!
    } catch {
      // Cancelled or far too slow: the program must not outlive the test.
      process.terminate()
      throw error
    }
    return Outcome(
      status: status, output: try String(contentsOf: outputFile, encoding: .utf8),
      error: try String(contentsOf: errorFile, encoding: .utf8))
  }
}

/// A fresh data folder for one test, removed when it is released.
final class DataFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "storefront-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A data folder at `url`, which exists: a mount made for the test, say.
  init(at url: URL) {
    self.url = url
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  var path: String { url.path }

  /// Runs `storefront` on the embedded backend with this folder as its data folder.
  func run(_ arguments: [String], input: String = "", output: URL? = nil) async throws -> StorefrontBinary.Outcome {
    try await StorefrontBinary.run(arguments + ["--data-dir", path, "--latency", "0"], input: input, output: output)
  }

  /// Runs `storefront` against `server` with this folder as its data folder.
  func run(_ arguments: [String], server: String) async throws -> StorefrontBinary.Outcome {
    try await StorefrontBinary.run(["--server", server] + arguments + ["--data-dir", path])
  }
}
