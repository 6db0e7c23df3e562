import Custody
import Foundation
import Testing

/// `r` on the details screen asks the server, and an edit the server does not keep is said to
/// last only until a reload or a restart; driven through a pseudo-terminal against a server on
/// 127.0.0.1 that numbers its answers for product 1 and, like the public service, answers an
/// edit without keeping it.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserReloadTests {
  /// A catalog of one product whose title, read on its own, says which answer it is.
  static func server() throws -> RecordingServer {
    let answers = LockedState(0)
    return try RecordingServer { request in
      switch (request.method, request.path) {
      case ("GET", "/products/1"):
        let count = answers.withLock {
          $0 += 1
          return $0
        }
        return (200, product(title: "Brass desk lamp, answer \(count)"))
      case ("PUT", "/products/1"):
        // The edit's fields in the answer, and nothing kept.
        let body = try? JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        return (200, product(title: body?["title"] as? String ?? "Brass desk lamp"))
      case ("GET", let path) where path.hasPrefix("/products?"):
        return (200, #"{"products": ["# + product(title: "Brass desk lamp") + #"], "total": 1, "skip": 0, "limit": 1}"#)
      default:
        return (404, #"{"message": "not here"}"#)
      }
    }
  }

  static func product(title: String) -> String {
    #"{"id": 1, "title": "\#(title)", "category": "lighting", "price": 12, "rating": 4}"#
  }

  /// The browser against `server` in a data folder of its own, its first page shown.
  static func browse(_ server: RecordingServer) async throws -> (terminal: PseudoTerminal, data: DataFolder) {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--server", server.url, "--data-dir", data.path])
    try await terminal.read(until: "1 of 1 · sorted by id")
    return (terminal, data)
  }

  /// How many times the server was asked for product 1 alone.
  static func productReads(_ server: RecordingServer) -> Int {
    server.requests.filter { $0.method == "GET" && $0.path == "/products/1" }.count
  }

  @Test func rOnTheDetailsAsksTheServerAgain() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let browser = try await Self.browse(server)
    let terminal = browser.terminal
    var mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "Brass desk lamp, answer 1", after: mark)
    #expect(Self.productReads(server) == 1)

    for answer in 2...3 {
      mark = terminal.mark
      terminal.send("r")
      // A product loaded a moment ago is fresh in the cache: only a request brings this answer.
      try await terminal.read(until: "Brass desk lamp, answer \(answer)", after: mark)
      #expect(Self.productReads(server) == answer)
    }
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func anEditTheServerDoesNotKeepIsSaidToLastUntilAReload() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let browser = try await Self.browse(server)
    let terminal = browser.terminal
    var mark = terminal.mark
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    terminal.send("\u{15}Lamp renamed\r")
    try await terminal.read(
      until: "Saved here only: 127.0.0.1 did not keep the edit, so r or a restart shows the old values.", after: mark)
    #expect(server.requests.contains { $0.method == "PUT" && $0.path == "/products/1" })
    #expect(terminal.lastFrame().contains { $0.contains("Lamp renamed") }, "the edit shows until then")

    mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "Lamp renamed", after: mark)  // the details, as edited
    let reads = Self.productReads(server)
    mark = terminal.mark
    terminal.send("r")
    try await terminal.read(until: "Brass desk lamp, answer \(reads + 1)", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
