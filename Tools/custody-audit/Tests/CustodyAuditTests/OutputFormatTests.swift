import Foundation
import Testing

@testable import CustodyAudit

/// The line formats CI systems and IDEs parse, checked against their documented syntax: GitHub
/// Actions workflow commands (`::warning file=…,line=…,col=…,title=…::message`, with the Actions
/// toolkit's escaping), Xcode's `path:line:column: warning: message`, and SARIF 2.1.0 artifact
/// locations (`file://` URIs, or relative references with a `uriBaseId` the run declares).
@Suite(.timeLimit(.minutes(1)))
struct OutputFormatTests {
  private static let warning = Finding(
    rule: .cancellationAsFailure, file: "App/Odd, name: x.swift", line: 12, column: 5,
    message: "100% wrong: a, b\nnext", context: "", lineText: "} catch {")
  private static let note = Finding(
    rule: .isolationEscapeHatch, file: "/abs/Player View.swift", line: 3, column: 9, message: "hatch",
    context: "", lineText: "")

  @Test func githubAnnotationsFollowTheWorkflowCommandSyntax() throws {
    let lines = GitHubReport.render([Self.warning, Self.note]).split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "::warning file=App/Odd%2C name%3A x.swift,line=12,col=5,title=CA010 cancellation-as-failure"
          + "::100%25 wrong: a, b%0Anext",
        "::notice file=/abs/Player View.swift,line=3,col=9,title=CA006 isolation-escape-hatch::hatch",
      ])
    let syntax = try Regex(#"^::(warning|notice) file=[^,:]+,line=\d+,col=\d+,title=[^,:]+::[^\r\n]*$"#)
    for line in lines { #expect(line.wholeMatch(of: syntax) != nil, "\(line)") }
  }

  @Test func xcodeLinesAreAbsoluteAndOnePerFinding() throws {
    let lines = XcodeReport.render([Self.warning, Self.note], root: "/work/repo").split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("/work/repo/App/Odd, name: x.swift:12:5: warning: [CA010 ") == true)
    #expect(lines.last?.hasPrefix("/abs/Player View.swift:3:9: note: [CA006 ") == true)
    let syntax = try Regex(#"^/.+:\d+:\d+: (warning|note|error): .+$"#)
    for line in lines { #expect(String(line).wholeMatch(of: syntax) != nil, "\(line)") }
  }

  @Test func sarifGivesAbsolutePathsAsFileURIsAndRelativeOnesAgainstADeclaredRoot() throws {
    let result = AuditResult(
      found: [Self.warning, Self.note], suppressed: [], baselined: [], reported: [Self.warning, Self.note],
      fileCount: 2, lineCount: 20)
    let log = try #require(
      JSONSerialization.jsonObject(with: Data(SARIFReport.render(result, root: "/work/my repo").utf8))
        as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let bases = try #require(run["originalUriBaseIds"] as? [String: [String: Any]])
    #expect(bases["SRCROOT"]?["uri"] as? String == "file:///work/my%20repo/")
    let locations = try #require(run["results"] as? [[String: Any]]).compactMap { result in
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
        as? [String: Any]
    }
    #expect(locations.count == 2)
    #expect(locations[0]["uri"] as? String == "App/Odd,%20name:%20x.swift")
    #expect(locations[0]["uriBaseId"] as? String == "SRCROOT")
    #expect(locations[1]["uri"] as? String == "file:///abs/Player%20View.swift")
    #expect(locations[1]["uriBaseId"] == nil)
    // A relative reference must not look like a scheme (RFC 3986 §4.2): no colon in its first segment.
    let relative = try #require(locations[0]["uri"] as? String)
    let resolved = URL(string: relative, relativeTo: URL(string: "file:///work/my%20repo/"))
    #expect(resolved?.path == "/work/my repo/App/Odd, name: x.swift")
    #expect(SARIFReport.location("a:b.swift").uri == "./a:b.swift")
  }
}
