import Foundation
import StorefrontCLI
import Testing

/// The keys full-screen terminal programs share, driven through a pseudo-terminal: pastes,
/// the mouse wheel, g and G, a question before an edit is thrown away, the selected row
/// without colour and on a tiny terminal.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserKeysTests {
  static let pasteStart = "\u{1B}[200~"
  static let pasteEnd = "\u{1B}[201~"

  /// The browser on the embedded backend, showing its first page.
  func open(
    _ data: DataFolder, _ arguments: [String] = [], columns: UInt16 = 120, rows: UInt16 = 34
  )
    async throws -> PseudoTerminal
  {
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "0"] + arguments, columns: columns, rows: rows)
    try await terminal.read(until: "30 of 200")
    return terminal
  }

  /// The ID on the row a `>` marks in the last frame after `start` (the browser without colour).
  static func markedID(_ terminal: PseudoTerminal, after start: Int) -> Int? {
    guard let row = terminal.lastFrame(after: start).last(where: { $0.hasPrefix("> ") }) else { return nil }
    return Int(row.dropFirst(2).drop { $0 == " " }.prefix { $0.isNumber })
  }

  @Test func aPasteIntoTheListRunsNoneOfItsCharacters() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send(Self.pasteStart + "jjq/x" + Self.pasteEnd)
    try await terminal.read(until: "pasted text is ignored here", after: mark)
    #expect(terminal.selectedID(after: mark) == 1, "no j ran")

    mark = terminal.mark
    terminal.send("/")
    try await terminal.read(until: "Type to search", after: mark)
    terminal.send(Self.pasteStart + "pho\nne\n" + Self.pasteEnd)
    try await terminal.read(until: "Search: pho ne▏", after: mark)  // one line, typed as it came
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
    #expect(terminal.transcript.contains("\u{1B}[?2004h"), "bracketed paste asked for")
    #expect(terminal.transcript.hasSuffix(ANSI.leave) && ANSI.leave.contains("\u{1B}[?2004l"), "and turned off")
  }

  @Test func theMouseWheelMovesTheSelection() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    #expect(terminal.transcript.contains("\u{1B}[?1000;1006h"), "wheel reports asked for")
    var mark = terminal.mark
    terminal.send("\u{1B}[<65;10;5M")
    try await terminal.read { $0.selectedID(after: mark) == 2 }
    terminal.send("\u{1B}[<65;10;5M")
    try await terminal.read { $0.selectedID(after: mark) == 3 }
    mark = terminal.mark
    terminal.send("\u{1B}[<64;10;5M")
    try await terminal.read { $0.selectedID(after: mark) == 2 }
    terminal.send("\u{03}")  // Ctrl-C
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 130)
    #expect(terminal.transcript.hasSuffix(ANSI.leave) && ANSI.leave.contains("\u{1B}[?1000;1006l"), "wheel reports off")
  }

  @Test func gAndShiftGGoToTheFirstAndTheLastLoadedRow() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send("G")
    try await terminal.read(until: "the last row loaded, 30 of 200", after: mark)
    #expect(terminal.selectedID(after: mark) == 30)
    mark = terminal.mark
    terminal.send("g")
    try await terminal.read { $0.selectedID(after: mark) == 1 }
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func sortingOffersEveryOrderBothWays() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    let mark = terminal.mark
    terminal.send("s")
    let orders = ["price ↑", "price ↓", "rating ↓", "rating ↑", "title ↑", "title ↓"]
    let sent = try await terminal.send(orders.map { (keys: "s", once: "sorted by \($0)") }, after: mark)
    try await terminal.read(until: "sorted by id", after: sent.last ?? mark)
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func escapeOnAnEditedFormAsksBeforeThrowingTheEditAway() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    terminal.send("X\u{1B}")
    try await terminal.read(until: "Throw away your changes", after: mark)
    mark = terminal.mark
    terminal.send("n")
    try await terminal.read(until: "⏎ save", after: mark)
    #expect(terminal.lastFrame(after: mark).joined().contains("X▏"), "still editing, the edit kept")
    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "Throw away your changes", after: mark)
    terminal.send("y")
    try await terminal.read(until: "sorted by id", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func withoutColourTheSelectedRowIsMarked() async throws {
    let data = try DataFolder()
    let terminal = try await open(data, ["--no-color"])
    #expect(Self.markedID(terminal, after: 0) == 1)
    var mark = terminal.mark
    terminal.send("j")
    try await terminal.read { Self.markedID($0, after: mark) == 2 }
    mark = terminal.mark
    terminal.send("/")
    try await terminal.read(until: "Type to search", after: mark)
    terminal.send("a")
    try await terminal.read { Self.markedID($0, after: mark) != nil }  // the first result, marked
    // Read before the key goes: its answer may be drawn before the next line runs.
    let first = Self.markedID(terminal, after: mark)
    terminal.send(PseudoTerminalKeys.down)
    try await terminal.read { Self.markedID($0, after: mark) != first }
    terminal.send("\u{1B}q")
    try await terminal.readToEnd()
  }

  @Test func theSignInFormsSpinnerSaysWhatLoads() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "1500"])
    try await terminal.read(until: "Storefront")
    let mark = terminal.mark
    terminal.send("l")  // while the first page still loads
    try await terminal.read(until: "Sign in", after: mark)
    try await terminal.read(until: "loading the first page of products…", after: mark)
    terminal.send("q")  // typed into the username field: Ctrl-C quits
    terminal.send("\u{03}")
    try await terminal.readToEnd()
  }

  @Test func aTinyTerminalShowsTheSelectedRow() async throws {
    let data = try DataFolder()
    let terminal = try await open(data, columns: 12, rows: 3)
    let mark = terminal.mark
    terminal.send("jjj")
    try await terminal.read { $0.selectedID(after: mark) == 4 }
    let frame = terminal.lastFrame(after: mark)
    #expect(frame.count <= 3, "\(frame)")  // a longer frame scrolls its top, the selected row, away
    terminal.send("q")
    try await terminal.readToEnd()
  }
}

enum PseudoTerminalKeys {
  static let down = "\u{1B}[B"
}
