import Foundation
import StorefrontCLI
import Testing

/// What the browser keeps for its next start in the data folder, driven through a
/// pseudo-terminal across two runs.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserPreferencesTests {
  static let up = "\u{1B}[A"

  @Test func theSortIsKeptForTheNextStart() async throws {
    let data = try DataFolder()
    var terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    let mark = terminal.mark
    terminal.send("s")
    try await terminal.read(until: "sorted by price ↑", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()

    terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    // The whole frame, not only its status line: the rows come before it in the output.
    try await terminal.read { terminal in
      let frame = terminal.lastFrame()
      return frame.contains { $0.contains("sorted by price ↑") } && !FrameRendererLayoutTests.ids(frame).isEmpty
    }
    let ids = FrameRendererLayoutTests.ids(terminal.lastFrame())
    #expect(ids.first == 164, "the cheapest product first: \(ids)")
    #expect(!PseudoTerminal.plain(terminal.transcript).contains("sorted by id"), "never listed in id order")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func theLastSearchComesBackWithUpInAnEmptyField() async throws {
    let data = try DataFolder()
    var terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("/phone")
    try await terminal.read(until: "Oppo Narzo Phone", after: mark)
    terminal.send("\u{1B}")
    terminal.send("q")
    try await terminal.readToEnd()

    terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    mark = terminal.mark
    terminal.send("/")
    try await terminal.read(until: "Search: ▏", after: mark)  // opens empty, as always
    #expect(terminal.lastFrame(after: mark).contains { $0.contains("↑ brings back “phone”") })
    mark = terminal.mark
    terminal.send(Self.up)
    try await terminal.read(until: "Search: phone▏", after: mark)
    try await terminal.read(until: "Oppo Narzo Phone", after: mark)
    terminal.send("\u{1B}")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
