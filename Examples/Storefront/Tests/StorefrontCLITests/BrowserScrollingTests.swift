import Foundation
import StorefrontCLI
import Testing

/// Help and details on a small terminal, driven through a pseudo-terminal: they scroll as a
/// pager does, and the status line says there is more.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserScrollingTests {
  static let end = "\u{1B}[F"
  static let home = "\u{1B}[H"
  static let pageDown = "\u{1B}[6~"

  /// The first line shown, from the status line of `frame` ("lines 9–17 of 27"); `nil` when
  /// the frame does not scroll.
  static func firstLine(_ frame: [String]) -> Int? {
    let status = BrowserStatusTests.status(of: frame)
    guard let range = status.firstRange(of: "lines ") else { return nil }
    return Int(status[range.upperBound...].prefix { $0.isNumber })
  }

  @Test func detailsScrollToTheDescriptionOnA50By12Terminal() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], columns: 50, rows: 12)
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "↓ more below", after: mark)
    var frame = terminal.lastFrame(after: mark)
    #expect(!frame.joined().contains("Reviews:"), "below the window at first: \(frame)")

    mark = terminal.mark
    terminal.send(Self.end)
    try await terminal.read(until: "↑ more above", after: mark)
    frame = terminal.lastFrame(after: mark)
    #expect(frame.contains { $0.hasPrefix(" Reviews:") }, "\(frame)")
    #expect(frame[frame.count - 3].hasSuffix("friends and family."), "the end of the description: \(frame)")
    #expect(!frame.joined().contains("more below"))

    mark = terminal.mark
    terminal.send("k")
    try await terminal.read(until: "↓ more below", after: mark)  // one line back up
    mark = terminal.mark
    terminal.send(Self.home)
    try await terminal.read(until: "lines 1–", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func helpScrollsToItsLastKeyOnA50By12Terminal() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], columns: 50, rows: 12)
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("?")
    try await terminal.read(until: "↓ more below", after: mark)
    var seen = Set(terminal.lastFrame(after: mark))
    var first = 1
    for key in [Self.pageDown, Self.pageDown, Self.end] {
      mark = terminal.mark
      terminal.send(key)
      try await terminal.read { Self.firstLine($0.lastFrame(after: mark)).map { $0 > first } ?? false }
      first = try #require(Self.firstLine(terminal.lastFrame(after: mark)))
      seen.formUnion(terminal.lastFrame(after: mark))
    }
    let status = BrowserStatusTests.status(terminal, after: mark)
    #expect(status.hasSuffix("↑ more above"), "the end: \(status)")
    #expect(seen.contains(" i          show or hide the inspector"), "the i line is reached")
    #expect(seen.contains(" r          refresh (on details: reload)"), "not cut")
    #expect(seen.contains(" Press any key to go back."))

    mark = terminal.mark
    terminal.send("x")
    try await terminal.read(until: "sorted by id", after: mark)  // any other key goes back
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
