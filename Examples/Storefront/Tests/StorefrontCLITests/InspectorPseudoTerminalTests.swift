import Foundation
import Testing

/// The inspector panel, live, on an 80×24 terminal over a slow embedded backend.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InspectorPseudoTerminalTests {
  @Test func thePanelShowsADroppedStalePageACoalescedLoadAndKeepsUpWithTyping() throws {
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
    // 60 keys at once: each one starts a search and drops the one before, a burst of events
    // the panel follows while the field keeps up with the typing.
    let typed = String(repeating: "phone ", count: 10)
    let start = ContinuousClock.now
    terminal.send(typed)
    #expect(terminal.read(until: "search screen  60 runs · 59 dropped", after: mark), "every key handled")
    // A generous bound: most of it is this harness reading the frames back, not the program.
    #expect(ContinuousClock.now - start < .seconds(5), "typing is not held up by the panel")
    #expect(terminal.read(until: "Search: phone phone", after: mark))

    mark = terminal.mark
    terminal.send("\u{1B}")
    #expect(terminal.read(until: "sorted by id", after: mark))
    terminal.send("q")
    terminal.readToEnd()
    terminal.process.waitUntilExit()
    #expect(terminal.process.terminationStatus == 0)
  }
}
