import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UnexplainedDetachedTaskTests {
  @Test func flagsADetachedTaskWithoutAReason() async {
    let findings = await Audit.findings(
      """
      func export(_ rows: [Row]) {
        Task.detached(priority: .background) {
          await Archive.write(rows)
        }
      }
      """)
    #expect(findings.map(\.rule) == [.unexplainedDetachedTask])
    #expect(findings.first?.line == 2)
  }

  @Test func flagsAReasonCommentThatGivesNoReason() async {
    let rules = await Audit.rules(
      """
      func export(_ rows: [Row]) {
        // detached:
        Task.detached { await Archive.write(rows) }
      }
      """)
    #expect(rules == [.unexplainedDetachedTask])
  }

  @Test(arguments: [
    "  // detached: the archive outlives the screen and must not inherit its priority\n  Task.detached {",
    "  // detached: the archive must not inherit the screen's task-locals\n  // (a longer note)\n  Task.detached {",
    "  Task.detached {  // detached: runs at background priority on purpose",
    "  // Parse the rows on a background thread\n  Task.detached {",
  ])
  func acceptsADetachedTaskWithItsReason(_ opening: String) async {
    let rules = await Audit.rules(
      """
      func export(_ rows: [Row]) {
      \(opening)
          await Archive.write(rows)
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsOneReasonForAFunctionsGroupOfDetachedLoads() async {
    let findings = await Audit.findings(
      """
      @MainActor final class FeedStore {
        func restore() async {
          // Read the saved pages on a background thread: the store's main actor draws the feed.
          let pages = await Task.detached { Disk.read("pages") }.value
          let cursors = await Task.detached { Disk.read("cursors") }.value
          apply(pages, cursors)
        }
        func prune() async {
          await Task.detached { Disk.prune() }.value
        }
      }
      """)
    #expect(findings.map(\.rule) == [.unexplainedDetachedTask])
    #expect(findings.first?.line == 9)
  }
}
