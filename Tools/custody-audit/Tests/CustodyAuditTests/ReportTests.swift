import CustodyAudit
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReportTests {
  private static let files = [
    "Sources/App/Search View Model.swift": "final class A {\n  func f() { Task.detached {} }\n}\n",
    "Sources/App/Player.swift": "final class C { func f() async { await MainActor.run {} } }\n",
  ]

  private func run(_ format: String) async throws -> [String: Any] {
    let scratch = try Scratch(Self.files)
    defer { scratch.remove() }
    let run = await scratch.run([format, "--no-summary", scratch.path("Sources")])
    #expect(run.status == 1)
    return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  @Test func jsonListsEachFindingWithItsFixAndTheCountsPerRule() async throws {
    let document = try await run("--json")
    let findings = try #require(document["findings"] as? [[String: Any]])
    #expect(findings.compactMap { $0["ruleId"] as? String } == ["CA006", "CA005"])
    let first = try #require(findings.last)
    #expect(first["severity"] as? String == "warning")
    #expect(first["line"] as? Int == 2)
    #expect(first["column"] as? Int == 14)
    #expect((first["fix"] as? String)?.contains("@concurrent") == true)
    #expect((first["fingerprint"] as? String)?.count == 16)
    let summary = try #require(document["summary"] as? [[String: Any]])
    #expect(summary.count == Rule.all.count)
    #expect(summary.first { $0["ruleId"] as? String == "CA005" }?["found"] as? Int == 1)
  }

  @Test func sarifHoldsTheFieldsTheSchemaRequires() async throws {
    let log = try await run("--sarif")
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    let run = try #require(runs.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "custody-audit")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == Rule.all.map(\.id.rawValue))
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.compactMap { $0["level"] as? String } == ["note", "warning"])
    for result in results {
      #expect(result["ruleId"] is String)
      #expect((result["message"] as? [String: Any])?["text"] is String)
      let location = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
      #expect(!uri.contains(" "))
      let region = try #require(location["region"] as? [String: Any])
      #expect(region["startLine"] is Int)
      #expect(region["startColumn"] is Int)
    }
    let uri = (results.last?["locations"] as? [[String: Any]])?.first.flatMap {
      (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    #expect(uri?.hasSuffix("Sources/App/Search%20View%20Model.swift") == true)
  }

  @Test func theReadmeDescribesEveryRule() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    for rule in Rule.all {
      #expect(text.contains("\(rule.id.rawValue)"), "README lacks \(rule.id.rawValue)")
      #expect(text.contains("`\(rule.slug)`"), "README lacks \(rule.slug)")
    }
  }
}
