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
        func rewind() async {
          await MainActor.run { view.rewind() }
        }
      }
      """,
    ]).reported
    #expect(findings.map(\.rule) == [.isolationEscapeHatch])
    #expect(findings.first?.severity == .note)
    #expect(findings.first?.file == "Player+Progress.swift")
    #expect(
      findings.first?.message
        == "'Player' uses MainActor.run 3 times; state its isolation on the type or the member instead")
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

  @Test func reportsAHopInCodeThatIsAlreadyOnTheMainActorAsRedundant() async {
    let findings = await Audit.findings(
      """
      import UIKit
      final class InboxController: UIViewController {
        func refresh() {
          Task {
            let rows = try await loader.rows()
            await MainActor.run { table.show(rows) }
          }
        }
      }
      @MainActor final class Drafts {
        func flush() {
          MainActor.assumeIsolated { store.flush() }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.isolationEscapeHatch, .isolationEscapeHatch])
    #expect(
      findings.first?.message
        == "'InboxController' uses MainActor.run once where its code already runs on the main actor; call the code "
        + "directly")
  }

  @Test func leavesTheHopsAMainActorTypeNeedsToComeBack() async {
    let rules = await Audit.rules(
      """
      import UIKit
      final class GalleryView: UIView {
        override func awakeFromNib() {
          MainActor.assumeIsolated { label.isHidden = true }
        }
        func analyse(_ image: Image) {
          // detached: the analysis must not inherit the caller's priority
          Task.detached {
            let result = try await analyser.run(image)
            await MainActor.run { overlay.result = result }
          }
        }
        func load(_ urls: [URL]) async {
          await withTaskGroup(of: Void.self) { group in
            for url in urls {
              group.addTask {
                let thumb = try? await fetch(url)
                await MainActor.run { thumbs.append(thumb) }
              }
            }
          }
        }
        func listen() {
          socket.receive(completionHandler: { message in
            Task {
              let event = try await decoder.decode(message)
              await MainActor.run { events.append(event) }
            }
          })
          center.addObserver(forName: .changed, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { reload() }
          }
        }
        nonisolated func finished() {
          if Thread.isMainThread { MainActor.assumeIsolated { spinner.stop() } }
        }
      }
      final class CreateCommand: ScriptCommand {
        nonisolated override func performDefaultImplementation() -> Any? {
          let created = MainActor.assumeIsolated { createElement() }
          return created
        }
      }
      actor Resizer {
        func shrink(_ image: Image) async -> Image {
          await MainActor.run { image.resized() }
        }
      }
      """)
    #expect(!rules.contains(.isolationEscapeHatch))
  }
}
