import Foundation
import Testing

/// The inspector panel, live, on an 80×24 terminal over a slow embedded backend.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InspectorPseudoTerminalTests {
  @Test func thePanelShowsADroppedStalePageAndACoalescedLoadAndTypingStaysQuick() throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "700"], columns: 80, rows: 24)
    #expect(terminal.read(until: "Storefront · embedded"))
    var mark = terminal.mark
    terminal.send("i")
    #expect(terminal.read(until: "Inspector ·", after: mark), "i opens the panel")
    #expect(terminal.read(until: "⟳ next page (1 waiting)", after: mark), "the first page, in flight")

    mark = terminal.mark
    terminal.send("r")  // a refresh overtakes the slow first load
    #expect(terminal.read(until: "catalog list  dropped", after: mark), "the first load's page is dropped")
    #expect(terminal.read(until: "30 of 200", after: mark))

    mark = terminal.mark
    terminal.send("\r\u{7F}\r")  // open the first product, go back, open it again while it loads
    #expect(terminal.read(until: "⟳ load /products/1 (2 waiting)", after: mark), "two screens, one load")
    #expect(terminal.read(until: "products      joined     /products/1 (2 waiting)", after: mark))

    mark = terminal.mark
    terminal.send("\u{7F}/")
    #expect(terminal.read(until: "Search:", after: mark))
    let typed = "wireless phone charger for travel"
    let start = ContinuousClock.now
    terminal.send(typed)  // every key supersedes a search: a burst of events while typing
    #expect(terminal.read(until: "Search: \(typed)", after: mark), "every key echoed")
    #expect(ContinuousClock.now - start < .seconds(3), "typing is not held up by the panel")
    #expect(terminal.read(until: "search screen", after: mark), "the search screen's runs show in the panel")

    mark = terminal.mark
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))
    terminal.send("q")
    terminal.readToEnd()
    terminal.process.waitUntilExit()
    #expect(terminal.process.terminationStatus == 0)
  }
}
