import CustodyAudit
import Foundation

/// A temporary folder of files for the command to read; removed by `remove()`.
struct Scratch {
  let root: URL

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("custody-audit-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  func path(_ relative: String = "") -> String {
    relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  /// Runs the command with `arguments`, returning its status, standard output and standard error.
  func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
    var output = ""
    var errors = ""
    let status = await AuditCommand.run(arguments, output: { output += $0 }, errors: { errors += $0 })
    return (status, output, errors)
  }
}
