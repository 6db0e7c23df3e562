// swift-tools-version: 6.2
import Foundation
import PackageDescription

// custody-audit reads Swift with the SwiftSyntax libraries that the toolchain ships for the
// compiler's own use (`usr/lib/swift/host`: `SwiftSyntax.swiftmodule`, `libSwiftSyntax.so`, …),
// so it downloads nothing and has no package dependency. Those libraries are no SwiftPM
// product, so their search paths go in as unsafe flags: SwiftPM allows them in a root package,
// and this package is only ever built as one (by `scripts/audit`), never as a dependency. It is a
// package of its own, outside the library's products, so the library never sees these flags.
//
// The folder is the one of the toolchain that evaluates this manifest, found in this order:
// `CUSTODY_AUDIT_SWIFT_HOST` (set by `scripts/audit`); on Linux the toolchain that loaded
// `libPackageDescription.so` into this process; the `swift` found on `PATH`.
let hostLibraries: String = {
  let environment = ProcessInfo.processInfo.environment
  if let folder = environment["CUSTODY_AUDIT_SWIFT_HOST"], !folder.isEmpty { return folder }
  // …/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so → …/usr/lib/swift/host
  if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
    let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libPackageDescription.so") }),
    let slash = line.firstIndex(of: "/")
  {
    let library = URL(fileURLWithPath: String(line[slash...]))
    return library.deletingLastPathComponent().appendingPathComponent("../../host").standardized.path
  }
  for folder in (environment["PATH"] ?? "").split(separator: ":") {
    let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
    guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
    // …/usr/bin/swift → …/usr/lib/swift/host
    let binary = swift.resolvingSymlinksInPath().deletingLastPathComponent()
    return binary.appendingPathComponent("../lib/swift/host").standardized.path
  }
  return "/usr/lib/swift/host"
}()

let hostSwiftSettings: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]
let hostLinkerSettings: [LinkerSetting] = [
  .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"),
  .unsafeFlags(["-L", hostLibraries, "-Xlinker", "-rpath", "-Xlinker", hostLibraries]),
]

let package = Package(
  name: "custody-audit",
  platforms: [.macOS(.v14)],
  products: [.executable(name: "custody-audit", targets: ["custody-audit"])],
  targets: [
    .target(name: "CustodyAudit", swiftSettings: hostSwiftSettings, linkerSettings: hostLinkerSettings),
    .executableTarget(
      name: "custody-audit", dependencies: ["CustodyAudit"], swiftSettings: hostSwiftSettings,
      linkerSettings: hostLinkerSettings),
    .testTarget(
      name: "CustodyAuditTests", dependencies: ["CustodyAudit"], swiftSettings: hostSwiftSettings,
      linkerSettings: hostLinkerSettings),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InferIsolatedConformances"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]
}
