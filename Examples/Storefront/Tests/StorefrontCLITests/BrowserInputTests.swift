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
@Suite(.serialized, .timeLimit(.minutes(2)))
struct BrowserInputTests {
  static let left = "\u{1B}[D"

  /// The browser on the embedded backend, showing its first page, with `data` as its data folder.
  func open(_ data: DataFolder) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    #expect(terminal.read(until: "30 of 200"))
    return terminal
  }

  @Test func searchOpensEmptyAndItsFieldEditsAtTheCursor() throws {
    let data = try DataFolder()
    let terminal = try open(data)
    var mark = terminal.mark
    terminal.send("/pho")
    #expect(terminal.read(until: "Search: pho▏", after: mark))
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))

    mark = terminal.mark
    terminal.send("/mirr")
    #expect(terminal.read(until: "Search: mirr▏", after: mark))
    #expect(!PseudoTerminal.plain(terminal.output(after: mark)).contains("phomirr"))

    mark = terminal.mark
    terminal.send("\u{15}")  // Ctrl-U
    #expect(terminal.read(until: "Type to search", after: mark))
    terminal.send("phne" + Self.left + Self.left + "o")
    #expect(terminal.read(until: "Search: pho▏ne", after: mark))
    #expect(terminal.read(until: "Phone", after: mark), "results for “phone”")
    terminal.send("\u{1B}")
    terminal.send("q")
    terminal.readToEnd()
  }

  @Test func leavingAnEditStartedInTheListGoesBackToTheList() throws {
    let data = try DataFolder()
    let terminal = try open(data)
    var mark = terminal.mark
    terminal.send("e")
    #expect(terminal.read(until: "⏎ save", after: mark))
    mark = terminal.mark
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))
    #expect(terminal.lastFrame(after: mark).last?.contains("n next page") == true, "the list's keys, not the details'")
    terminal.send("q")
    terminal.readToEnd()
  }

  @Test func signingOutAsksFirst() throws {
    let data = try DataFolder()
    let terminal = try open(data)
    var mark = terminal.mark
    terminal.send("l")
    #expect(terminal.read(until: "Sign in", after: mark))
    terminal.send("emilys\temilyspass\r")
    #expect(terminal.read(until: "l logout", after: mark), "the key says what it will do")

    mark = terminal.mark
    terminal.send("l")
    #expect(terminal.read(until: "Sign out of Emily Johnson?", after: mark))
    terminal.send("n")
    #expect(terminal.read { !$0.lastFrame(after: mark).joined().contains("Sign out of") })
    #expect(terminal.lastFrame(after: mark).first?.contains("signed in as Emily Johnson") == true)

    mark = terminal.mark
    terminal.send("ly")
    #expect(terminal.read(until: "Signed out.", after: mark))
    #expect(terminal.read(until: "l login", after: mark))
    terminal.send("q")
    terminal.readToEnd()
  }

  @Test func controlZHandsTheTerminalBackAndResumesTheBrowser() throws {
    let data = try DataFolder()
    let terminal = try open(data)
    let mark = terminal.mark
    terminal.send("\u{1A}")
    #expect(terminal.read(untilRaw: ANSI.leave, after: mark), "the terminal handed back")
    // Waits until the process has stopped (or ended), then continues it, as a shell's `fg` does.
    var info = siginfo_t()
    let pid = terminal.process.processIdentifier
    #expect(waitid(P_PID, id_t(pid), &info, WSTOPPED | WEXITED | WNOWAIT) == 0)
    #expect(info.si_code == CLD_STOPPED, "stopped, not ended")
    #expect(terminal.settings.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "the shell's settings")
    kill(pid, SIGCONT)
    #expect(terminal.read { $0.output(after: mark).contains(ANSI.leave + ANSI.enter) })
    #expect(terminal.read(until: "30 of 200", after: mark))
    #expect(terminal.settings.c_lflag & tcflag_t(ICANON) == 0, "raw mode again")
    terminal.send("q")
    terminal.readToEnd()
    terminal.process.waitUntilExit()
    #expect(terminal.process.terminationStatus == 0)
  }
}
