import CustodyHTTP
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a request costs while it waits for a server that accepted it and says nothing.
///
/// The request runs in a child process, `custody-http-wait`, which reports the CPU time it spent
/// waiting: the tests beside this one run in this process and would count too. The wait is the
/// request's own 10 s deadline against `/hang` of `scripts/faulty-server.py`, not a sleep.
@Suite(
  .enabled("needs python3 for scripts/faulty-server.py") { await FaultServer.isAvailable }, .timeLimit(.minutes(1)))
struct WaitingCostTests {
  /// The CPU a 10 s wait may cost: the embedded backend's `--latency` costs about nothing.
  static let budget = 0.2

  @Test func waitingTenSecondsOnASilentServerCostsAlmostNoCPU() async throws {
    let server = try await FaultServer.url("hang")
    let report = try await Self.wait(on: server, deadline: 10)

    #expect(report.outcome.contains("did not finish its answer within 10 s"), "\(report.outcome)")
    #if canImport(FoundationNetworking)
      // FoundationNetworking spins while a request waits on a new connection: the cause is
      // written down in `URLSessionTransport.init(configuration:session:challengeHandler:)`.
      // Until it is fixed there this check records the cost as a known issue, and it fails, so
      // that someone looks, the day the spin is gone.
      withKnownIssue("FoundationNetworking leaves a write source armed on the socket while it waits") {
        #expect(report.cpu < Self.budget, "\(report.cpu) s of CPU while waiting 10 s")
      }
    #else
      #expect(report.cpu < Self.budget, "\(report.cpu) s of CPU while waiting 10 s")
    #endif
  }

  /// What `custody-http-wait` reported: the CPU seconds it spent and how the request ended.
  struct Report {
    var cpu: Double
    var outcome: String
  }

  /// Runs `custody-http-wait` against `url` with a total deadline of `deadline` seconds and reads
  /// its report. The output is read on a dispatch source, never blocking the caller; a test
  /// cancelled meanwhile stops the child.
  static func wait(on url: URL, deadline: Int) async throws -> Report {
    var output: [Int32] = [0, 0]
    guard pipe(&output) == 0 else { throw Failure("pipe failed") }
    _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
    let process = Process()
    process.executableURL = waiter
    process.arguments = [url.absoluteString, "\(deadline)"]
    process.standardOutput = FileHandle(fileDescriptor: output[1], closeOnDealloc: false)
    let launched = Result { try process.run() }
    close(output[1])
    let reader = DescriptorReader(descriptor: output[0], label: "custody-http-wait output")
    defer { reader.close() }
    try launched.get()
    do {
      let line = try await reader.wait(for: "the report of custody-http-wait", timeout: .seconds(deadline + 20)) {
        $0.bytes.contains(UInt8(ascii: "\n")) || $0.isFinished
      }
      let words = line.text.prefix { $0 != "\n" }.split(separator: " ", maxSplits: 3)
      guard words.count == 4, words[0] == "cpu", let cpu = Double(words[1]), words[2] == "outcome" else {
        throw Failure("custody-http-wait said: \(line.text)")
      }
      return Report(cpu: cpu, outcome: String(words[3]))
    } catch {
      process.terminate()
      throw error
    }
  }

  /// The built `custody-http-wait`, in the build products folder beside the test bundle.
  static let waiter: URL = {
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = executable.deletingLastPathComponent()
    while folder.pathComponents.count > 1,
      !FileManager.default.fileExists(atPath: folder.appending(path: "custody-http-wait").path)
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appending(path: "custody-http-wait")
  }()

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
