import CustodyAudit
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CommandTests {
  private static let finding = "final class A {\n  func f() { Task.detached {} }\n}\n"
  private static let clean = "struct B { let id: Int }\n"
  private static let note = "final class C { func f() async { await MainActor.run {} } }\n"

  @Test func exitsZeroWhenNothingIsFoundAndOneWhenWarningsRemain() async throws {
    let scratch = try Scratch(["Clean/B.swift": Self.clean, "Dirty/A.swift": Self.finding])
    defer { scratch.remove() }
    let clean = await scratch.run([scratch.path("Clean")])
    #expect(clean.status == 0)
    #expect(clean.output.isEmpty)
    let dirty = await scratch.run([scratch.path("Dirty")])
    #expect(dirty.status == 1)
    #expect(
      dirty.output.hasSuffix(
        "/Dirty/A.swift:2:14: warning: [CA005 unexplained-detached-task] Task.detached without a reason; use a "
          + "@concurrent function or a child task, or say why on the line before: // detached: <reason>\n"
      ))
    #expect(dirty.errors.contains("CA005 unexplained-detached-task"))
  }

  @Test func notesAloneDoNotFailTheRun() async throws {
    let scratch = try Scratch(["C.swift": Self.note])
    defer { scratch.remove() }
    let run = await scratch.run([scratch.path()])
    #expect(run.status == 0)
    #expect(run.output.contains(": note: [CA006 isolation-escape-hatch]"))
  }

  @Test(arguments: [[String](), ["--frobnicate", "x"], ["--baseline"], ["--default-isolation", "Main", "x"]])
  func exitsTwoOnAUsageError(_ arguments: [String]) async {
    var errors = ""
    let status = await AuditCommand.run(arguments, output: { _ in }, errors: { errors += $0 })
    #expect(status == 2)
    #expect(errors.hasPrefix("custody-audit: "))
  }

  @Test func exitsTwoForAPathThatDoesNotExist() async throws {
    let scratch = try Scratch([:])
    defer { scratch.remove() }
    let run = await scratch.run([scratch.path("missing")])
    #expect(run.status == 2)
    #expect(run.errors.contains("no such file or folder"))
  }

  @Test func aWrittenBaselineMakesTheNextRunClean() async throws {
    let scratch = try Scratch(["A.swift": Self.finding])
    defer { scratch.remove() }
    let baseline = scratch.path("baseline.json")
    let write = await scratch.run(["--write-baseline", baseline, scratch.path("A.swift")])
    #expect(write.status == 0)
    let again = await scratch.run(["--baseline", baseline, scratch.path("A.swift")])
    #expect(again.status == 0)
    #expect(again.output.isEmpty)
    #expect(again.errors.contains("total"))
    try Data(("\n\n" + Self.finding + "final class D { func g() { Task.detached {} } }\n").utf8)
      .write(to: URL(fileURLWithPath: scratch.path("A.swift")))
    let grown = await scratch.run(["--baseline", baseline, "--no-summary", scratch.path("A.swift")])
    #expect(grown.status == 1)
    #expect(grown.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
    #expect(grown.errors.isEmpty)
  }

  @Test func readsDefaultIsolationFromTheTargetsPackageAndSkipsTests() async throws {
    let scratch = try Scratch([
      "Package.swift": """
      // swift-tools-version: 6.2
      import PackageDescription
      let package = Package(
        name: "App",
        targets: [
          .target(name: "Screens", swiftSettings: [.defaultIsolation(MainActor.self)]),
          .target(name: "Models", path: "Sources/Shared/Models"),
          .testTarget(name: "ScreensTests", dependencies: ["Screens"]),
        ]
      )
      """,
      "Sources/Screens/Feed.swift": "final class FeedModel { var cache: [Int: Item] = [:] }\n",
      "Sources/Shared/Models/Store.swift": "final class ItemModel { var cache: [Int: Item] = [:] }\n",
      "Tests/ScreensTests/FeedTests.swift": "@MainActor final class Probe { var cache: [Int: Item] = [:] }\n",
    ])
    defer { scratch.remove() }
    let run = await scratch.run(["--no-summary", scratch.path()])
    #expect(
      run.output.components(separatedBy: "\n").filter { $0.contains("CA001") }.map { $0.contains("Feed.swift") } == [
        true
      ])
    let withTests = await scratch.run(["--no-summary", "--include-tests", scratch.path()])
    #expect(withTests.output.contains("FeedTests.swift"))
    // --default-isolation is for code outside packages: a package target keeps its manifest's.
    let overridden = await scratch.run(["--no-summary", "--default-isolation", "MainActor", scratch.path()])
    #expect(!overridden.output.contains("Store.swift"))
  }

  // An Xcode app target built with SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor, in the project or
  // in an .xcconfig, makes its files main-actor; the packages beside it keep their manifests'.
  @Test(arguments: [
    ["App.xcodeproj/project.pbxproj": "buildSettings = {\n\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\n};\n"],
    [
      "App.xcodeproj/project.pbxproj": "buildSettings = {\n};\n",
      "Configs/App.xcconfig": "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n",
    ],
  ])
  func readsDefaultIsolationFromAnXcodeProject(_ project: [String: String]) async throws {
    let scratch = try Scratch(
      project.merging([
        "App/Feed.swift": "final class FeedModel { var cache: [Int: Item] = [:] }\n",
        "Kit/Package.swift": "// swift-tools-version: 6.2\nimport PackageDescription\n"
          + "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n",
        "Kit/Sources/Kit/Store.swift": "final class ItemModel { var cache: [Int: Item] = [:] }\n",
      ]) { $1 })
    defer { scratch.remove() }
    let run = await scratch.run(["--no-summary", scratch.path()])
    let lines = run.output.components(separatedBy: "\n").filter { $0.contains("CA001") }
    #expect(lines.count == 1)
    #expect(lines.first?.contains("Feed.swift") == true)
  }

  @Test func readsAFileReachedThroughTwoPathsOnce() async throws {
    let scratch = try Scratch(["App/Feature/A.swift": Self.finding])
    defer { scratch.remove() }
    let run = await scratch.run(["--no-summary", scratch.path("App"), scratch.path("App/Feature")])
    #expect(run.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
  }

  @Test func listsEveryRule() async {
    var output = ""
    let status = await AuditCommand.run(["--list-rules"], output: { output += $0 }, errors: { _ in })
    #expect(status == 0)
    for rule in Rule.all { #expect(output.contains("\(rule.id.rawValue) \(rule.slug)")) }
  }
}
