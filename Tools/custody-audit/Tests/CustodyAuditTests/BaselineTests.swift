import CustodyAudit
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct BaselineTests {
  private static let before = """
    @MainActor final class SearchViewModel {
      private var searchTask: Task<Void, Never>?
      private var cache: [String: [Product]] = [:]
    }
    """

  @Test func aBaselineAbsorbsKnownFindingsAfterTheirLinesMove() async throws {
    let first = await Audit.result(["A.swift": Self.before])
    #expect(first.reported.count == 2)
    let baseline = try JSONDecoder().decode(Baseline.self, from: Baseline(first.reported).encoded())
    let moved = """
      import Foundation

      /// Searches the catalog.
      @MainActor final class SearchViewModel {
        var query = ""

        private var searchTask:   Task<Void, Never>?
        private var cache: [String: [Product]] = [:]
        private var pending: [String: Task<[Product], any Error>] = [:]
      }
      """
    let second = await Audit.result(["A.swift": moved], baseline: baseline)
    #expect(second.baselined.map(\.line) == [7, 8])
    #expect(second.reported.map(\.line) == [9])
  }

  @Test func aBaselineEntryAbsorbsOneFindingOnly() async throws {
    let one = await Audit.result([
      "A.swift": "@MainActor final class A {\n  var t: Task<Void, Never>?\n}"
    ])
    let twice = """
      @MainActor final class A {
        var t: Task<Void, Never>?
      }
      @MainActor final class B {
        var t: Task<Void, Never>?
      }
      """
    // B's line reads like A's, but it lies in another declaration: a new finding.
    let second = await Audit.result(["A.swift": twice], baseline: Baseline(one.reported))
    #expect(second.reported.map(\.line) == [5])
  }

  @Test func aBaselineKnowsFindingsByFile() async {
    let first = await Audit.result(["A.swift": Self.before])
    let second = await Audit.result(["B.swift": Self.before], baseline: Baseline(first.reported))
    #expect(second.reported.count == 2)
  }

  @Test func aFileThatIsNoBaselineIsAClearError() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-baseline-\(UUID()).json").path
    try Data("[1, 2, 3]".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: AuditError.invalidBaseline(path: path, reason: "not the expected JSON")) {
      try Baseline.read(from: path)
    }
  }
}
