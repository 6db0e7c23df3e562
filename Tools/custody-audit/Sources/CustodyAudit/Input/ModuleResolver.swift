import Foundation

/// Decides which module each file belongs to, so names resolve among one module's files and a
/// module's default isolation applies to its files only.
///
/// A file belongs to the target of the nearest `Package.swift` above it whose folder holds it
/// (the longest match wins). A file in no target belongs to a module named after that package's
/// folder, or, with no package above it, after the path it was found under. Test targets, and
/// files below a `Tests` folder that no target claims, are test modules.
///
/// A file in no package target takes the isolation of the Xcode project above it: MainActor
/// when its `project.pbxproj`, or an `.xcconfig` file in the project's folder, sets
/// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` (for any target: syntax does not tell which target
/// a file belongs to); else what `--default-isolation` says. A package target always takes what
/// its manifest says.
struct ModuleResolver {
  /// Set by `--default-isolation`: the isolation of files in no package target whose Xcode
  /// project says none.
  let override: DefaultIsolation?
  private var manifests: [String: (root: String, manifest: PackageManifest)?] = [:]
  private var projects: [String: DefaultIsolation?] = [:]

  init(override: DefaultIsolation?) {
    self.override = override
  }

  mutating func module(forFile file: String, foundUnder argument: String) -> Module {
    let absolute = URL(fileURLWithPath: file).standardizedFileURL
    var folder = absolute.deletingLastPathComponent()
    while true {
      if let (root, manifest) = manifest(in: folder.path) {
        let target = manifest.targets
          .map { (target: $0, folder: (root as NSString).appendingPathComponent($0.path) + "/") }
          .filter { absolute.path.hasPrefix($0.folder) }
          .max { $0.folder.count < $1.folder.count }
        if let target {
          return Module(
            name: "\(root)#\(target.target.name)", defaultIsolation: target.target.defaultIsolation,
            isTest: target.target.isTest)
        }
        return Module(name: root, defaultIsolation: projectIsolation(above: absolute), isTest: isBelowTests(absolute))
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    return Module(name: argument, defaultIsolation: projectIsolation(above: absolute), isTest: isBelowTests(absolute))
  }

  /// The default isolation an Xcode project above `file` sets, else `--default-isolation`'s,
  /// else nonisolated.
  private mutating func projectIsolation(above file: URL) -> DefaultIsolation {
    var folder = file.deletingLastPathComponent()
    while true {
      let found: DefaultIsolation?
      if let known = projects[folder.path] {
        found = known
      } else {
        found = Self.isolation(ofProjectIn: folder)
        projects[folder.path] = .some(found)
      }
      if let found { return found }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    return override ?? .nonisolated
  }

  /// MainActor when `folder` holds an `.xcodeproj` whose settings, or an `.xcconfig` file of
  /// the folder's tree, set `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`; nonisolated when they
  /// set it otherwise; `nil` when `folder` holds no project or the project says nothing.
  private static func isolation(ofProjectIn folder: URL) -> DefaultIsolation? {
    let manager = FileManager.default
    guard let entries = try? manager.contentsOfDirectory(atPath: folder.path),
      entries.contains(where: { $0.hasSuffix(".xcodeproj") })
    else { return nil }
    var settings: [String] = entries.filter { $0.hasSuffix(".xcodeproj") }.compactMap { project in
      let file = folder.appendingPathComponent(project).appendingPathComponent("project.pbxproj")
      return try? String(contentsOf: file, encoding: .utf8)
    }
    if let walker = manager.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
      for case let url as URL in walker where url.pathExtension == "xcconfig" {
        if let text = try? String(contentsOf: url, encoding: .utf8) { settings.append(text) }
      }
    }
    var stated: DefaultIsolation?
    for text in settings {
      for line in text.split(whereSeparator: \.isNewline) {
        let parts = line.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "SWIFT_DEFAULT_ACTOR_ISOLATION"
        else { continue }
        let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t;\"'"))
        if value == "MainActor" { return .mainActor }
        stated = .nonisolated
      }
    }
    return stated
  }

  private func isBelowTests(_ file: URL) -> Bool { file.pathComponents.dropLast().contains("Tests") }

  /// The manifest in `folder`, read once.
  private mutating func manifest(in folder: String) -> (root: String, manifest: PackageManifest)? {
    if let known = manifests[folder] { return known }
    let path = (folder as NSString).appendingPathComponent("Package.swift")
    let found = (try? String(contentsOfFile: path, encoding: .utf8)).map { (folder, PackageManifest(source: $0)) }
    manifests[folder] = .some(found)
    return found
  }
}
