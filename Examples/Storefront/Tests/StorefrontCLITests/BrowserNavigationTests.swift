import Foundation
import StorefrontCLI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moving through the list in the browser, driven through a pseudo-terminal: keys in any
/// number, refreshes and resizes never lose the selection or the program.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserNavigationTests {
  static let end = "\u{1B}[F"
  static let down = "\u{1B}[B"

  @Test func refreshingWithTheSelectedProductBeyondTheFirstPageSelectsTheFirstRow() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("n")
    try await terminal.read(until: "60 of 200", after: mark)
    mark = terminal.mark
    terminal.send(Self.end)
    try await terminal.read { $0.selectedID(after: mark) == 60 }  // the last row, on the third screen

    mark = terminal.mark
    terminal.send("r")
    try await terminal.read(until: "30 of 200", after: mark)  // the first page again, drawn
    try await terminal.read { $0.selectedID(after: mark) != nil }
    #expect(terminal.selectedID(after: mark) == 1, "product 60 is no longer listed: the top, not row 30")
    mark = terminal.mark
    terminal.send("j")
    try await terminal.read { $0.selectedID(after: mark) == 2 }  // and the keys go on from there

    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func refreshingKeepsTheSelectedProductWhereTheNewListHasIt() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("s")
    try await terminal.read(until: "sorted by price ↑", after: mark)
    mark = terminal.mark
    terminal.send("jj")
    // The frame that answers both keys: one drawn before them (the sort's last) selects the first.
    try await terminal.read { terminal in
      let ids = Self.ids(terminal.lastFrame(after: mark))
      return ids.count > 3 && terminal.selectedID(after: mark) == ids[2]
    }
    let cheapest = try #require(Self.ids(terminal.lastFrame(after: mark)).first)
    let selected = try #require(terminal.selectedID(after: mark))  // the third cheapest

    // Made the cheapest of all: the refreshed list has it first, not third.
    mark = terminal.mark
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    terminal.send("\t\u{15}0.01\r")
    try await terminal.read(until: "Saved until storefront quits: the embedded backend forgets edits.", after: mark)
    mark = terminal.mark
    terminal.send("r")
    try await terminal.read { Self.ids($0.lastFrame(after: mark)).first == selected }
    #expect(Self.ids(terminal.lastFrame(after: mark)).dropFirst().first == cheapest)
    #expect(terminal.selectedID(after: mark) == selected, "the same product, now on the first row")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func aTallWindowFetchesPagesUntilItsRowsFillIt() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], columns: 200, rows: 60)
    try await terminal.read { Self.ids($0.lastFrame()).count == 56 }  // every line of the table
    #expect(Self.ids(terminal.lastFrame()) == Array(1...56))
    #expect(terminal.lastFrame().contains { $0.hasPrefix(" 60 of 200") }, "two pages: enough, and no more")

    let mark = terminal.mark
    terminal.resize(columns: 200, rows: 100)
    try await terminal.read { Self.ids($0.lastFrame(after: mark)).count == 96 }
    #expect(terminal.lastFrame(after: mark).contains { $0.hasPrefix(" 120 of 200") })
    terminal.send("q")
    try await terminal.readToEnd()
  }

  /// The IDs of the table's rows in a frame: the lines between the column titles and the status.
  static func ids(_ frame: [String]) -> [Int] {
    FrameRendererLayoutTests.ids(frame)
  }

  @Test func aBurstOfDownPressesPastTheLoadedRowsMovesByEachAndLoadsOnePage() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "50"])
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send(String(repeating: Self.down, count: 40))
    try await terminal.read(until: "60 of 200", after: mark)

    // Help and back: a key after the burst, so everything the burst started has been drawn.
    terminal.send("?")
    try await terminal.read(until: "Press any key", after: mark)
    mark = terminal.mark
    terminal.send("x")
    try await terminal.read(until: "sorted by id", after: mark)
    try await terminal.read { $0.selectedID(after: mark) != nil }
    #expect(terminal.selectedID(after: mark) == 41, "40 presses from the first row")
    #expect(!PseudoTerminal.plain(terminal.transcript).contains("90 of 200"), "one page loaded, not two")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func growingTheWindowAtTheEndOfTheListFillsIt() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 34)
    try await terminal.read(until: "30 of 200")
    for count in [60, 90] {
      let mark = terminal.mark
      terminal.send("n")
      try await terminal.read(until: "\(count) of 200", after: mark)
    }
    var mark = terminal.mark
    terminal.send(Self.end)
    try await terminal.read { $0.selectedID(after: mark) == 90 }
    mark = terminal.mark
    terminal.resize(columns: 120, rows: 80)
    try await terminal.read { $0.lastFrame(after: mark).count == 80 }
    let frame = terminal.lastFrame(after: mark)
    let ids = frame.dropFirst(2).dropLast(2).compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
    #expect(ids.first == 15 && ids.last == 90 && ids.count == 76, "rows 15–90 fill the window")
    #expect(terminal.selectedID(after: mark) == 90)
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
