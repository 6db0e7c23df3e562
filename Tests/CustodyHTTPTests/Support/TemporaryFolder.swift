import Foundation

/// A folder of its own for a test's files, removed when the test is done with it.
final class TemporaryFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("custody-http-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The URL of `name` in the folder.
  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The names of the files in the folder, hidden ones included, sorted.
  var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
