import Custody
import Foundation
import Testing

/// The details screen follows its product as the SwiftUI one does: a product gone stale is
/// loaded again when the terminal gains focus, and the screen shows the answer. Driven through a
/// pseudo-terminal against a server on 127.0.0.1 that numbers its answers for product 1.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserFollowTests {
  static let focusAwayAndBack = "\u{1B}[O\u{1B}[I"

  /// A catalog of product 1, whose title says which answer it is; while `refusing`, product 1
  /// is refused (400, which is not retried).
  static func server(refusing: LockedState<Bool>) throws -> RecordingServer {
    let answers = LockedState(0)
    return try RecordingServer { request in
      switch (request.method, request.path) {
      case ("GET", "/products/1"):
        if refusing.withLock({ $0 }) { return (400, #"{"message": "Not now"}"#) }
        let count = answers.withLock {
          $0 += 1
          return $0
        }
        return (200, BrowserReloadTests.product(title: "Brass desk lamp, answer \(count)"))
      case ("GET", let path) where path.hasPrefix("/products?"):
        let product = BrowserReloadTests.product(title: "Brass desk lamp")
        return (200, #"{"products": ["# + product + #"], "total": 1, "skip": 0, "limit": 1}"#)
      default:
        return (404, #"{"message": "not here"}"#)
      }
    }
  }

  @Test func aStaleProductOnTheDetailsIsLoadedAgainWhenTheTerminalGainsFocus() async throws {
    let data = try DataFolder()
    let refusing = LockedState(false)
    let server = try Self.server(refusing: refusing)
    defer { server.stop() }
    // A first run keeps product 1; kept products are stale at the next start.
    let first = try await data.run(["product", "1"], server: server.url)
    #expect(first.status == 0 && first.output.contains("answer 1"), "\(first.error)")

    refusing.withLock { $0 = true }  // the reloads the details start at once are refused
    let terminal = try PseudoTerminal(
      arguments: ["--server", server.url, "--data-dir", data.path], columns: 200, rows: 40)
    try await terminal.read(until: "1 of 1 · sorted by id")
    var mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "Brass desk lamp, answer 1", after: mark)  // kept, shown at once
    // The inspector says when the details have loaded and nothing is in flight any more: the
    // product is stale, and nothing but the terminal's focus asks for it again.
    mark = terminal.mark
    terminal.send("i")
    try await terminal.read { terminal in
      let frame = PseudoTerminal.plain(terminal.lastFrame(after: mark).joined(separator: "\n"))
      return frame.contains("product screen succeeded") && frame.contains(" 0 in flight")
    }
    #expect(!terminal.lastFrame().joined().contains("answer 2"))
    refusing.withLock { $0 = false }
    mark = terminal.mark
    terminal.send("i")
    try await terminal.read(until: "r reload", after: mark)

    mark = terminal.mark
    terminal.send(Self.focusAwayAndBack)
    try await terminal.read(until: "Brass desk lamp, answer 2", after: mark)
    #expect(terminal.lastFrame().contains { $0.contains("r reload") }, "still on the details")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
