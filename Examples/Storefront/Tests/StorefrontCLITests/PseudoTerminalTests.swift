import Foundation
import StorefrontCLI
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive browser, driven through a pseudo-terminal as a user drives it.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PseudoTerminalTests {
  @Test func browsesPagesSearchesMarksAFavouriteAndRestoresTheTerminalOnQuit() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    let before = terminal.settings
    try await terminal.read(until: "30 of 200")  // the first page
    #expect(terminal.transcript.contains("\u{1B}[?1049h"), "the alternate screen")
    #expect(terminal.transcript.contains("Summer Muse Marni Red & Black Evening Dress"))
    #expect(terminal.settings.c_lflag & tcflag_t(ICANON) == 0, "raw mode while it runs")

    var mark = terminal.mark
    terminal.send("n")
    try await terminal.read(until: "60 of 200", after: mark)  // the next page

    mark = terminal.mark
    terminal.send("f")
    try await terminal.read(until: "to favourites.", after: mark)  // a favourite marked
    let favorites = try String(contentsOf: data.url.appending(path: "favorites.json"), encoding: .utf8)
    #expect(favorites.contains("31"), "the selected row (the first of the new page) is saved")

    mark = terminal.mark
    terminal.send("/phone")
    try await terminal.read(until: "Search: phone", after: mark)
    try await terminal.read(until: "Oppo Narzo Phone", after: mark)  // a result beyond the first page

    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)  // Esc goes back to the catalog

    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
    #expect(terminal.transcript.hasSuffix(ANSI.leave), "leaves the alternate screen and shows the cursor")
    let after = terminal.settings
    #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "terminal settings restored")
  }

  @Test func controlCQuitsAndRestoresTheTerminal() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "of 200")
    terminal.send("\u{03}")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 130)
    #expect(terminal.transcript.hasSuffix(ANSI.leave))
    #expect(terminal.settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
  }

  // The waits of the harness end when what they wait for can no longer come, and when the test
  // is cancelled (by its time limit, say), and say what they waited for and what the screen showed.
  @Test func aWaitForTextAfterTheProgramEndedFailsAtOnceWithTheLastScreen() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200")
    terminal.send("q")
    try await terminal.readToEnd()
    let failure = await #expect(throws: PseudoTerminal.WaitError.self) {
      try await terminal.read(until: "a text never shown", timeout: .seconds(600))
    }
    #expect(failure?.reason == .ended)
    #expect(failure?.description.contains("\"a text never shown\"") == true)
    #expect(failure?.screen.contains("30 of 200 · sorted by id") == true, "\(String(describing: failure))")
  }

  @Test func aWaitInACancelledTestEndsAtOnce() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200")
    withUnsafeCurrentTask { $0?.cancel() }
    let failure = await #expect(throws: PseudoTerminal.WaitError.self) {
      try await terminal.read(until: "a text never shown", timeout: .seconds(600))
    }
    #expect(failure?.reason == .cancelled)
    let exit = await #expect(throws: PseudoTerminal.WaitError.self) {
      try await terminal.waitForExit(timeout: .seconds(600))
    }
    #expect(exit?.reason == .cancelled)
  }
}
