import Custody
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process FileStore's tests run beside themselves.
///
/// With one argument, the process the crash-safety test kills: it opens the file named by its
/// argument, then saves one numbered record after another until it is killed.
///
/// It reports on standard output, one unbuffered line per event, so the test knows what may be
/// on disk when the kill lands:
/// - `ready N`: the file held record N (0 when it was missing);
/// - `start N`: record N is about to be saved;
/// - `done N`: `flush()` returned, so record N is on disk.
///
/// It exits 3 when the file was corrupt or unreadable (F2 moved it aside: a torn write), and 4
/// when a write failed.
///
/// With `set FILE FIRST COUNT` or `cache FILE FIRST COUNT`, one of two processes sharing a file
/// (see `SharedFile`); with `cache FILE`, the persisted cache the journal's crash-safety test
/// kills while it saves.
@main
struct FileStoreWriter {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count == 4, let first = Int(arguments[2]), let count = Int(arguments[3]) {
      let file = URL(fileURLWithPath: arguments[1])
      switch arguments[0] {
      case "set": await SharedFile.insert(first..<first + count, into: file)
      case "cache": await SharedFile.set(first..<first + count, in: file)
      default: fail("unknown mode \(arguments[0])", status: 64)
      }
      exit(0)
    }
    if arguments.count == 2, arguments[0] == "cache" {
      await SharedFile.saveUntilKilled(in: URL(fileURLWithPath: arguments[1]))
    }
    guard arguments.count == 1 else {
      fail("usage: custody-filestore-writer FILE | cache FILE | (set|cache) FILE FIRST COUNT", status: 64)
    }
    let store = await FileStore.open(url: URL(fileURLWithPath: CommandLine.arguments[1]), default: Record(sequence: 0))
    var sequence = store.value.sequence
    if let problem = store.loadProblem { fail("problem \(problem)", status: 3) }
    report("ready \(sequence)")
    while true {
      sequence += 1
      report("start \(sequence)")
      store.save(Record(sequence: sequence))
      do {
        try await store.flush()
      } catch {
        fail("failed \(error)", status: 4)
      }
      report("done \(sequence)")
    }
  }

  static func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func fail(_ line: String, status: Int32) -> Never {
    report(line)
    exit(status)
  }
}

/// A record whose payload follows from its number, so a mix of two records is seen at once.
/// Sizes vary from about 1 KB to 120 KB, so some writes take several system calls.
struct Record: Codable, Sendable {
  var sequence: Int
  var payload: String

  init(sequence: Int) {
    self.sequence = sequence
    payload = String(repeating: "\(sequence);", count: 100 + sequence * 7_919 % 20_000)
  }
}
