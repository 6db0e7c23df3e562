import Foundation

/// A fresh folder under the system's temporary directory, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("custody-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The names of the files in the folder, sorted.
  var contents: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  func text(of name: String) -> String? {
    (try? Data(contentsOf: file(name))).map { String(decoding: $0, as: UTF8.self) }
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: file(name))
  }

  func permissions(of name: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: file(name).path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}

/// A value persisted in tests.
struct Settings: Codable, Sendable, Equatable {
  var name: String
  var count: Int
}
