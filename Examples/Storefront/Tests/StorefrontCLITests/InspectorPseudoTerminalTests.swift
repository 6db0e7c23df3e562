import Foundation
import Testing

/// The inspector panel, live, on an 80×24 terminal over a slow embedded backend.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InspectorPseudoTerminalTests {
  @Test func thePanelShowsADroppedStalePageACoalescedLoadAndKeepsUpWithTyping() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "700"], columns: 80, rows: 24)
    // Each key goes the moment its screen appears: the refresh must land within the 700 ms of
    // the first load, whatever else the test process is doing meanwhile.
    let sent = try await terminal.send([
      ("i", once: "Storefront · embedded"),
      ("r", once: "⟳ next page (1 waiting)"),  // the first page, in flight; a refresh overtakes it
    ])
    try await terminal.read(until: "Inspector ·", after: sent[0])  // i opens the panel
    var mark = sent[1]
    try await terminal.read(until: "catalog list  dropped", after: mark)  // the first load's page is dropped
    try await terminal.read(until: "30 of 200", after: mark)

    mark = terminal.mark
    terminal.send("\r\u{7F}\r")  // open the first product, go back, open it again while it loads
    try await terminal.read(until: "⟳ load /products/1 (2 waiting)", after: mark)  // two screens, one load
    try await terminal.read(until: "products      joined     /products/1 (2 waiting)", after: mark)

    mark = terminal.mark
    terminal.send("\u{7F}/")
    try await terminal.read(until: "Search:", after: mark)
    // Twelve keys, each sent the moment the one before shows in the field: one read each (the
    // characters of one read are typed as one text), so each starts a search and drops the one
    // before, a burst of events the panel follows while the field keeps up with the typing.
    let typed = String(repeating: "phone ", count: 2)
    let keys = typed.indices.map { (keys: String(typed[$0]), once: "Search: " + typed[..<$0] + "▏") }
    let start = ContinuousClock.now
    try await terminal.send(keys, after: mark)
    try await terminal.read(until: "search screen  12 runs · 11 dropped", after: mark)  // every key handled
    // A generous bound: most of it is this harness reading the frames back, not the program.
    #expect(ContinuousClock.now - start < .seconds(5), "typing is not held up by the panel")
    try await terminal.read(until: "Search: phone phone ▏", after: mark)

    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
  }
}
