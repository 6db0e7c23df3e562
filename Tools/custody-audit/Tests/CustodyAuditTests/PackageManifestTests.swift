import CustodyAudit
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct PackageManifestTests {
  private func modules(_ manifest: String, _ files: [String]) async throws -> [String: Bool] {
    var tree = ["Package.swift": manifest]
    for file in files { tree[file] = "final class FeedModel { var cache: [Int: Item] = [:] }\n" }
    let scratch = try Scratch(tree)
    defer { scratch.remove() }
    let run = await scratch.run(["--no-summary", scratch.path()])
    var flagged: [String: Bool] = [:]
    for file in files { flagged[file] = run.output.contains("/\(file):") }
    return flagged
  }

  @Test func aSettingInALoopOverEveryTargetAppliesToAll() async throws {
    let flagged = try await modules(
      """
      let package = Package(name: "App", targets: [.target(name: "A"), .target(name: "B")])
      for target in package.targets {
        target.swiftSettings = (target.swiftSettings ?? []) + [.defaultIsolation(MainActor.self)]
      }
      """, ["Sources/A/A.swift", "Sources/B/B.swift"])
    #expect(flagged == ["Sources/A/A.swift": true, "Sources/B/B.swift": true])
  }

  @Test func aSettingInAVariableAppliesToTheTargetsThatNameIt() async throws {
    let flagged = try await modules(
      """
      let screens: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
      let package = Package(
        name: "App", targets: [.target(name: "A", swiftSettings: screens), .target(name: "B")])
      """, ["Sources/A/A.swift", "Sources/B/B.swift"])
    #expect(flagged == ["Sources/A/A.swift": true, "Sources/B/B.swift": false])
  }

  @Test func aTargetThatSetsNilKeepsSwiftsDefault() async throws {
    let flagged = try await modules(
      """
      let package = Package(
        name: "App",
        targets: [
          .target(name: "A", path: "Code/A", swiftSettings: [.defaultIsolation(nil)]),
          .target(name: "B", swiftSettings: [.defaultIsolation(MainActor.self)]),
        ])
      """, ["Code/A/A.swift", "Sources/B/B.swift"])
    #expect(flagged == ["Code/A/A.swift": false, "Sources/B/B.swift": true])
  }
}
