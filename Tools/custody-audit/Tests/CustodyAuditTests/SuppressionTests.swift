import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SuppressionTests {
  private static func viewModel(_ comment: String, trailing: String = "") -> String {
    """
    @MainActor final class SearchViewModel {
      \(comment)
      private var searchTask: Task<Void, Never>?\(trailing)
    }
    """
  }

  @Test(arguments: [
    "// custody-audit:ignore CA001 — migrating to LatestTask next release",
    "// custody-audit:ignore coordination-state -- kept until the search screen is rewritten",
    "// custody-audit:ignore CA002, CA001: the handle is cancelled by the parent screen",
  ])
  func silencesAFindingOnTheNextLineWhenAReasonIsGiven(_ comment: String) async {
    let result = await Audit.result(["A.swift": Self.viewModel(comment)])
    #expect(result.reported.isEmpty)
    #expect(result.suppressed.map(\.rule) == [.coordinationState])
    #expect(result.found.map(\.rule) == [.coordinationState])
  }

  @Test func silencesAFindingOnItsOwnLine() async {
    let result = await Audit.result([
      "A.swift": Self.viewModel("", trailing: "  // custody-audit:ignore CA001 — owned by the parent screen")
    ])
    #expect(result.reported.isEmpty)
  }

  @Test func aSuppressionWithoutAReasonSuppressesNothingAndIsAFinding() async {
    let result = await Audit.result(["A.swift": Self.viewModel("// custody-audit:ignore CA001")])
    #expect(result.reported.map(\.rule) == [.suppressionWithoutReason, .coordinationState])
    #expect(result.reported.first?.line == 2)
  }

  @Test func aSuppressionOfAnUnknownRuleIsAFinding() async {
    let result = await Audit.result(["A.swift": Self.viewModel("// custody-audit:ignore CA999 — no such rule")])
    #expect(result.reported.map(\.rule) == [.suppressionWithoutReason, .coordinationState])
    #expect(result.reported.first?.message.contains("'CA999'") == true)
  }

  @Test func aSuppressionOfAnotherRuleOrTwoLinesAboveLeavesTheFinding() async {
    let otherRule = await Audit.result(["A.swift": Self.viewModel("// custody-audit:ignore CA005 — not this one")])
    #expect(otherRule.reported.map(\.rule) == [.coordinationState])
    let farAbove = await Audit.result([
      "A.swift": """
      @MainActor final class SearchViewModel {
        // custody-audit:ignore CA001 — too far above
        var query = ""
        private var searchTask: Task<Void, Never>?
      }
      """
    ])
    #expect(farAbove.reported.map(\.rule) == [.coordinationState])
  }

  @Test func theMarkerInAStringIsNoSuppression() async {
    let result = await Audit.result([
      "A.swift": """
      @MainActor final class SearchViewModel {
        let help = "custody-audit:ignore CA001 — in a string"
        private var searchTask: Task<Void, Never>?
      }
      """
    ])
    #expect(result.reported.map(\.rule) == [.coordinationState])
  }
}
