import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct EscapeHatchTests {
  @Test func countsTheEscapeHatchesOfATypeAcrossItsFilesInOneNote() async {
    let findings = await Audit.result([
      "Player.swift": """
      final class Player {
        func play() async {
          await MainActor.run { view.showPlaying() }
        }
      }
      """,
      "Player+Progress.swift": """
      extension Player {
        func progress(_ value: Double) async {
          await MainActor.run { view.progress = value }
        }
        nonisolated func tick() {
          MainActor.assumeIsolated { view.tick() }
        }
      }
      """,
    ]).reported
    #expect(findings.map(\.rule) == [.isolationEscapeHatch])
    #expect(findings.first?.severity == .note)
    #expect(findings.first?.file == "Player+Progress.swift")
    #expect(
      findings.first?.message
        == "'Player' uses MainActor.run 2 times and MainActor.assumeIsolated once; state its isolation on the type "
        + "or the member instead")
  }

  @Test func reportsEachTypeOnce() async {
    let rules = await Audit.rules(
      """
      final class A { func f() async { await MainActor.run {} } }
      final class B { func f() async { await MainActor.run {} } }
      actor Recorder { func run() {} }
      func g(_ recorder: Recorder) async { await recorder.run() }
      """)
    #expect(rules == [.isolationEscapeHatch, .isolationEscapeHatch])
  }
}
