import Foundation
import StorefrontCLI
import Testing

/// The browser's fields, driven through a pseudo-terminal: text that joins into one character,
/// and a paste far longer than a field takes.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LineEditorPseudoTerminalTests {
  static let end = "\u{1B}[F"

  /// The browser on the embedded backend, showing its first page.
  func open(_ data: DataFolder) async throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200")
    return terminal
  }

  /// Quits with `q`, and checks that the browser kept running until it was asked to.
  func quit(_ terminal: PseudoTerminal) async throws {
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0, "the browser kept running until it was asked to quit")
  }

  @Test func anAccentTypedAfterItsLetterJoinsItInSearchAndInTheEditForm() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send("/e\u{301}x")
    try await terminal.read(until: "Search: e\u{301}x▏", after: mark)
    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)

    mark = terminal.mark
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    mark = terminal.mark
    terminal.send(Self.end + "e\u{301}x")
    try await terminal.read(until: "Evening Dresse\u{301}x▏", after: mark)  // the title, then the typed text
    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "Throw away your changes", after: mark)
    terminal.send("y")
    try await terminal.read(until: "sorted by id", after: mark)
    try await quit(terminal)
  }

  @Test func aLongPasteIsCutWithANoteAndEscRightBehindItIsAnsweredAtOnce() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    let pasted = String(repeating: "paste ", count: 1_666) + "more"  // 10,000 characters
    var mark = terminal.mark
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    mark = terminal.mark
    try await terminal.paste(pasted + "\u{1B}")
    try await terminal.read(until: "Throw away your changes", after: mark)  // the form answers the Esc
    terminal.send("y")
    try await terminal.read(until: "sorted by id", after: mark)
    let shown = PseudoTerminal.plain(terminal.output(after: mark))
    #expect(shown.contains("Pasted text cut to 2000 characters"), "the form said it cut the paste")

    mark = terminal.mark
    try await terminal.paste("/" + pasted)
    try await terminal.read(until: "Pasted text cut to 2000 characters", after: mark)  // search is held to it too
    let field = terminal.lastFrame(after: mark).first { $0.hasPrefix("Search: ") }
    #expect(field?.hasSuffix("▏") == true && field.map(DisplayWidth.of) ?? 0 <= 120, "\(field ?? "no field")")
    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)
    try await quit(terminal)
  }
}
