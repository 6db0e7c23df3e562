import Foundation
import StorefrontCLI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The browser's fields, driven through a pseudo-terminal: text that joins into one character,
/// and a paste far longer than a field takes.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LineEditorPseudoTerminalTests {
  static let end = "\u{1B}[F"

  /// The browser on the embedded backend, showing its first page.
  func open(_ data: DataFolder) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    #expect(terminal.read(until: "30 of 200"))
    return terminal
  }

  /// Quits with `q`; a browser still busy once the output ends is left for the terminal to end.
  func quit(_ terminal: PseudoTerminal) throws {
    terminal.send("q")
    terminal.readToEnd()
    try #require(!terminal.process.isRunning, "q is answered")
    terminal.process.waitUntilExit()
    #expect(terminal.process.terminationStatus == 0, "the browser kept running until it was asked to quit")
  }

  @Test func anAccentTypedAfterItsLetterJoinsItInSearchAndInTheEditForm() throws {
    let data = try DataFolder()
    let terminal = try open(data)
    var mark = terminal.mark
    terminal.send("/e\u{301}x")
    try #require(terminal.read(until: "Search: e\u{301}x▏", after: mark))
    mark = terminal.mark
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))

    mark = terminal.mark
    terminal.send("e")
    #expect(terminal.read(until: "⏎ save", after: mark))
    mark = terminal.mark
    terminal.send(Self.end + "e\u{301}x")
    #expect(terminal.read(until: "Evening Dresse\u{301}x▏", after: mark), "the title, then the typed text")
    mark = terminal.mark
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))
    try quit(terminal)
  }

  @Test func aLongPasteIsCutWithANoteAndEscRightBehindItIsAnsweredAtOnce() throws {
    let data = try DataFolder()
    let terminal = try open(data)
    let pasted = String(repeating: "paste ", count: 1_666) + "more"  // 10,000 characters
    var mark = terminal.mark
    terminal.send("e")
    #expect(terminal.read(until: "⏎ save", after: mark))
    mark = terminal.mark
    #expect(terminal.paste(pasted + "\u{1B}"), "the browser took the whole paste")
    try #require(terminal.read(until: "sorted by id", after: mark), "the form answers the Esc")
    let shown = PseudoTerminal.plain(terminal.output(after: mark))
    #expect(shown.contains("Pasted text cut to 2000 characters"), "the form said it cut the paste")

    mark = terminal.mark
    #expect(terminal.paste("/" + pasted))
    #expect(terminal.read(until: "Pasted text cut to 2000 characters", after: mark), "search is held to it too")
    let field = terminal.lastFrame(after: mark).first { $0.hasPrefix("Search: ") }
    #expect(field?.hasSuffix("▏") == true && field.map(DisplayWidth.of) ?? 0 <= 120, "\(field ?? "no field")")
    mark = terminal.mark
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))
    try quit(terminal)
  }
}

extension PseudoTerminal {
  /// Sends `text` as a terminal sends a paste: as much as the program's input takes at a time,
  /// reading what it draws in between, so neither side waits on the other forever (a blocking
  /// write would, once the program's input and its output were both full). Returns whether all
  /// of it went before the deadline.
  func paste(_ text: String, timeout: Duration = .seconds(10)) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(master, F_SETFL, flags) }
    // The program draws a frame after each read it makes, which wakes this read to send more.
    return read(timeout: timeout) { terminal in
      while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        sent += count
      }
      return sent == bytes.count
    }
  }
}
