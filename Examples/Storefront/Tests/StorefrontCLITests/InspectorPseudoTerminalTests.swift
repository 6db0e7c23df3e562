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
    try await terminal.read(until: "catalog feed  dropped", after: mark)  // the first load's page is dropped
    try await terminal.read(until: "30 of 200", after: mark)

    mark = terminal.mark
    terminal.send("\r\u{7F}\r")  // open the first product, go back, open it again while it loads
    try await terminal.read(until: "⟳ load /products/1 (2 waiting)", after: mark)  // two screens, one load
    try await terminal.read(until: "products      joined     /products/1 (2 waiting)", after: mark)

    mark = terminal.mark
    terminal.send("\u{7F}/")
    try await terminal.read(until: "Search:", after: mark)
    // 60 keys in one read, as a paste or fast typing arrives: one edit of the field and one
    // search, not one per key.
    terminal.send(String(repeating: "phone ", count: 10))
    try await terminal.read(until: "search screen  1 run", after: mark)
    try await terminal.read(until: "Search: phone phone", after: mark)

    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
  }
}
