import Foundation

/// Finds the Swift files below the paths given on the command line.
enum SourceDiscovery {
  /// Every `.swift` file at or below `paths`, sorted, without duplicates. Hidden folders
  /// (`.build`, `.swiftpm`, `.git`) and `Package.swift` manifests are skipped, as is any file
  /// whose path contains one of `exclusions`.
  static func swiftFiles(in paths: [String], excluding exclusions: [String]) throws(AuditError) -> [String] {
    let manager = FileManager.default
    var files: Set<String> = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { throw .pathNotFound(path) }
      guard isFolder.boolValue else {
        files.insert(path)
        continue
      }
      let root = URL(fileURLWithPath: path)
      guard
        let walk = manager.enumerator(
          at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
      else { throw .unreadable(path: path, reason: "the folder cannot be listed") }
      for case let url as URL in walk where url.pathExtension == "swift" && url.lastPathComponent != "Package.swift" {
        files.insert(joined(path, url.path.dropFirst(root.path.count)))
      }
    }
    return files.filter { file in !exclusions.contains { file.contains($0) } }.sorted()
  }

  /// `root` followed by the rest of a path found below it, keeping `root` as the user wrote it.
  private static func joined(_ root: String, _ rest: Substring) -> String {
    let trimmed = rest.drop { $0 == "/" }
    return root.hasSuffix("/") ? root + trimmed : root + "/" + trimmed
  }
}
