import Foundation
import Storefront
import StorefrontCLI
import Testing

/// The status line, driven through a pseudo-terminal over a slow backend: it says what the rows
/// are, apart from what is loading, and why a key did nothing.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserStatusTests {
  /// The status line of the last frame drawn after byte `start`.
  static func status(_ terminal: PseudoTerminal, after start: Int = 0) -> String {
    status(of: terminal.lastFrame(after: start))
  }

  /// The status line of the first frame drawn after byte `start` whose status line contains
  /// `text`: the frame may be gone by the time the test reads it.
  static func status(_ terminal: PseudoTerminal, after start: Int = 0, containing text: String) -> String {
    terminal.frames(after: start).map(status(of:)).first { $0.contains(text) } ?? ""
  }

  static func status(of frame: [String]) -> String {
    frame.count >= 2 ? frame[frame.count - 2] : ""
  }

  static func savedPage() throws -> DataFolder {
    try BrowserFailureTests.savedPage((1...3).map { Product(id: $0, title: "Saved lamp \($0)", price: Double($0)) })
  }

  @Test func theStatusSaysWhatTheRowsAreAndApartWhatIsLoading() async throws {
    let data = try Self.savedPage()
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "1500"], columns: 100, rows: 24)
    try await terminal.read(until: "loading the live catalog…")
    var status = Self.status(terminal, containing: "loading the live catalog…")
    #expect(status.hasPrefix(" 3 of 3 · sorted by id · offline, saved "), "\(status)")
    try await terminal.read(until: "30 of 200")

    let sent = try await terminal.send([("s", once: "updated")])
    try await terminal.read(until: "sorting by price ↑…", after: sent[0])
    status = Self.status(terminal, after: sent[0], containing: "sorting by price ↑…")
    #expect(status.hasPrefix(" 30 of 200 · sorted by id · updated "), "the rows are still in id order: \(status)")
    #expect(status.hasSuffix(" sorting by price ↑…"), "\(status)")
    try await terminal.read(until: "sorted by price ↑", after: sent[0])
    status = Self.status(terminal, after: sent[0])
    #expect(!status.contains("…"), "nothing loads any more: \(status)")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func nextPageOnTheSavedPageSaysItWaitsForTheLiveCatalog() async throws {
    let data = try Self.savedPage()
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "1500"], columns: 100, rows: 24)
    let sent = try await terminal.send([("n", once: "loading the live catalog…")])
    try await terminal.read(until: "the saved page shows until the live catalog loads", after: sent[0])
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func nextPageAtTheEndSaysThatWasTheLastPage() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    for count in [60, 90, 120, 150, 180, 200] {
      let mark = terminal.mark
      terminal.send("n")
      try await terminal.read(until: "\(count) of 200", after: mark)
    }
    var mark = terminal.mark
    terminal.send("n")
    try await terminal.read(until: "that was the last page: 200 of 200", after: mark)
    mark = terminal.mark
    terminal.send("k")
    try await terminal.read(until: "sorted by id", after: mark)
    #expect(!Self.status(terminal, after: mark).contains("last page"), "the next key clears it")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func editingAProductStillLoadingSaysSo() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "1000"], rows: 24)
    let sent = try await terminal.send([("\r", once: "30 of 200"), ("e", once: "Loading…")])
    try await terminal.read(until: "the product is still loading", after: sent[1])
    try await terminal.read(until: "Category:", after: sent[1])
    #expect(!Self.status(terminal, after: sent[1]).contains("still loading"), "gone with the loaded product")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
