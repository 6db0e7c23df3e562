import Foundation

/// Decides which module each file belongs to, so names resolve among one module's files and a
/// module's default isolation applies to its files only.
///
/// A file belongs to the target of the nearest `Package.swift` above it whose folder holds it
/// (the longest match wins). A file in no target belongs to a module named after that package's
/// folder, or, with no package above it, after the path it was found under. Test targets, and
/// files below a `Tests` folder that no target claims, are test modules.
struct ModuleResolver {
  /// Set by `--default-isolation`: overrides what the manifests say, for every module.
  let override: DefaultIsolation?
  private var manifests: [String: (root: String, manifest: PackageManifest)?] = [:]

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
            name: "\(root)#\(target.target.name)", defaultIsolation: override ?? target.target.defaultIsolation,
            isTest: target.target.isTest)
        }
        return Module(name: root, defaultIsolation: override ?? .nonisolated, isTest: isBelowTests(absolute))
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    return Module(name: argument, defaultIsolation: override ?? .nonisolated, isTest: isBelowTests(absolute))
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
