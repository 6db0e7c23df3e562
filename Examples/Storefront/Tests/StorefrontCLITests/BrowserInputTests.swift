import Foundation
import StorefrontCLI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Typing in the browser, driven through a pseudo-terminal: fields edit where the cursor is,
/// screens open fresh and close to where they were opened from, and Ctrl-Z suspends cleanly.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserInputTests {
  static let left = "\u{1B}[D"

  /// The browser on the embedded backend, showing its first page, with `data` as its data folder.
  func open(_ data: DataFolder) async throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200")
    return terminal
  }

  @Test func searchOpensEmptyAndItsFieldEditsAtTheCursor() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send("/pho")
    try await terminal.read(until: "Search: pho▏", after: mark)
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)

    mark = terminal.mark
    terminal.send("/mirr")
    try await terminal.read(until: "Search: mirr▏", after: mark)
    #expect(!PseudoTerminal.plain(terminal.output(after: mark)).contains("phomirr"))

    mark = terminal.mark
    terminal.send("\u{15}")  // Ctrl-U
    try await terminal.read(until: "Type to search", after: mark)
    terminal.send("phne" + Self.left + Self.left + "o")
    try await terminal.read(until: "Search: pho▏ne", after: mark)
    try await terminal.read(until: "Phone", after: mark)  // results for “phone”
    terminal.send("\u{1B}")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func leavingAnEditStartedInTheListGoesBackToTheList() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)
    #expect(terminal.lastFrame(after: mark).last?.contains("n next page") == true, "the list's keys, not the details'")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func signingOutAsksFirst() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    var mark = terminal.mark
    terminal.send("l")
    try await terminal.read(until: "Sign in", after: mark)
    terminal.send("emilys\temilyspass\r")
    try await terminal.read(until: "l logout", after: mark)  // the key says what it will do

    mark = terminal.mark
    terminal.send("l")
    try await terminal.read(until: "Sign out of Emily Johnson?", after: mark)
    terminal.send("n")
    try await terminal.read { !$0.lastFrame(after: mark).joined().contains("Sign out of") }
    #expect(terminal.lastFrame(after: mark).first?.contains("signed in as Emily Johnson") == true)

    mark = terminal.mark
    terminal.send("ly")
    try await terminal.read(until: "Signed out.", after: mark)
    try await terminal.read(until: "l login", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func controlZHandsTheTerminalBackAndResumesTheBrowser() async throws {
    let data = try DataFolder()
    let terminal = try await open(data)
    let mark = terminal.mark
    terminal.send("\u{1A}")
    try await terminal.read(untilRaw: ANSI.leave, after: mark)  // the terminal handed back
    // Waits until the process has stopped (or ended), then continues it, as a shell's `fg` does.
    #expect(try await terminal.waitForStopOrExit() == CLD_STOPPED, "stopped, not ended")
    let pid = terminal.process.processIdentifier
    #expect(terminal.settings.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "the shell's settings")
    kill(pid, SIGCONT)
    try await terminal.read { $0.output(after: mark).contains(ANSI.leave + ANSI.enter) }
    try await terminal.read(until: "30 of 200", after: mark)
    #expect(terminal.settings.c_lflag & tcflag_t(ICANON) == 0, "raw mode again")
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
  }
}
