import Foundation
import Testing

/// `demo --inspect` reads on its own: flights numbered from 1 for each owner, every list under a
/// heading, and each scene naming the rules it shows, so a reader can look them up.
@Suite(.timeLimit(.minutes(4)))
struct DemoTraceWordingTests {
  @Test func eachOwnerNumbersItsFlightsFromOne() async throws {
    let demo = try await StorefrontBinary.run(["demo", "--inspect", "--no-color"])
    #expect(demo.status == 0, "\(demo.error)")
    let output = demo.output.replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
    #expect(output.contains("products /products/1 started load #1\n"))
    #expect(output.contains("catalog feed started next page #1\n"))
    #expect(output.contains("catalog feed started refresh #2\n"))
    #expect(output.contains("session started refresh #1\n"))
  }

  @Test func eachSceneNamesItsRulesAndEveryListHasAHeading() async throws {
    let demo = try await StorefrontBinary.run(["demo", "--inspect", "--no-color"])
    let titles = demo.output.split(separator: "\n").filter { $0.first?.isNumber == true }
    #expect(
      titles.map { String($0.split(separator: "·").last ?? "") } == [
        " rules S1, C1)", " rule P3)", " rule T2)", " rule L2)", " rules M2, M3, M4)", " rules K1, K3)",
      ])
    #expect(demo.output.contains("WatchingYourOwners.md"), "where the rules are read")
    let tokenScene = try #require(
      demo.output.components(separatedBy: "\n3. ").last?.components(separatedBy: "\n4. ").first)
    let lines = tokenScene.split(separator: "\n")
    let totals = try #require(lines.firstIndex { $0.hasPrefix("     session file  ") })
    #expect(lines[totals - 1] == "   the other owners, in total:")
  }
}
