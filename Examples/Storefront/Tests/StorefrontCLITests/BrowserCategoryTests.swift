import Foundation
import StorefrontCLI
import Testing

/// `c` in the browser: the products of one category, chosen from those the server offers,
/// driven through a pseudo-terminal on the embedded backend (its laptops are 21 of 200).
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserCategoryTests {
  /// The rows of the table in a frame: the lines between the column titles and the status.
  static func rows(_ frame: [String]) -> [String] {
    Array(frame.dropFirst(2).dropLast(2)).filter { $0.split(separator: " ").first.flatMap { Int($0) } != nil }
  }

  /// Opens the category list and waits until the server's categories are in it.
  static func openCategories(_ terminal: PseudoTerminal) async throws {
    let mark = terminal.mark
    terminal.send("c")
    try await terminal.read(until: "Laptops", after: mark)
  }

  @Test func cListsTheCategoriesAndEnterListsTheOneChosen() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200 · sorted by id")
    try await Self.openCategories(terminal)
    let list = terminal.lastFrame()
    #expect(list.contains { $0.contains("All categories  ✓ listed now") }, "all first, listed now: \(list)")
    #expect(list.contains { $0.contains("Home Decoration") })
    #expect(list.contains { $0.contains("10 categories") }, "the status says how many")
    #expect(list.last?.contains("Esc back") == true)

    // Womens Dresses, Home Decoration, then Laptops.
    var mark = terminal.mark
    terminal.send("jjj\r")
    try await terminal.read(until: "21 of 21 · in Laptops · sorted by id", after: mark)
    var rows = Self.rows(terminal.lastFrame())
    #expect(rows.count == 21 && rows.allSatisfy { $0.contains(" laptops ") }, "\(rows)")

    mark = terminal.mark
    terminal.send("s")
    try await terminal.read(until: "21 of 21 · in Laptops · sorted by price ↑", after: mark)
    rows = Self.rows(terminal.lastFrame())
    #expect(rows.count == 21 && rows.allSatisfy { $0.contains(" laptops ") }, "the order changes, not the category")

    // The list opens on the category listed now; Home goes to all of them.
    try await Self.openCategories(terminal)
    #expect(terminal.lastFrame().contains { $0.contains("Laptops  ✓ listed now") })
    mark = terminal.mark
    terminal.send("g\r")
    try await terminal.read(until: "30 of 200 · sorted by price ↑", after: mark)
    #expect(!terminal.lastFrame().joined().contains(" · in "), "no category on the status line")

    // Esc leaves the list without changing anything.
    try await Self.openCategories(terminal)
    mark = terminal.mark
    terminal.send("j\u{1B}")
    try await terminal.read(until: "30 of 200 · sorted by price ↑", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func anOrderChosenWhileTheCategoryLoadsListsBothAndNothingOlderShows() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "300"])
    try await terminal.read(until: "30 of 200 · sorted by id")
    try await Self.openCategories(terminal)
    let mark = terminal.mark
    terminal.send("jjj\rs")  // Laptops, then the next order at once, while the category loads
    try await terminal.read(until: "21 of 21 · in Laptops · sorted by price ↑", after: mark)
    let rows = Self.rows(terminal.lastFrame())
    #expect(rows.first?.hasPrefix(" 39 ") == true, "the cheapest laptop first: \(rows)")
    #expect(rows.count == 21 && rows.allSatisfy { $0.contains(" laptops ") })
    let shown = PseudoTerminal.plain(terminal.output(after: mark))
    #expect(!shown.contains("in Laptops · sorted by id"), "the superseded query's page never shows")
    #expect(!shown.contains("200 · sorted by price"), "nor the order without the category")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func theCategoryIsKeptForTheNextStartAndHelpListsItsKey() async throws {
    let data = try DataFolder()
    var terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200")
    try await Self.openCategories(terminal)
    let mark = terminal.mark
    terminal.send("jjj\r")
    try await terminal.read(until: "21 of 21 · in Laptops", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()

    terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "21 of 21 · in Laptops · sorted by id")
    #expect(!PseudoTerminal.plain(terminal.transcript).contains("of 200"), "never listed every product")
    #expect(terminal.lastFrame().last?.contains("c category") == true, "the key bar names the key")
    terminal.send("?")
    try await terminal.read(until: "choose a category")
    terminal.send("x")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
