import Foundation
import Testing

/// Products the server sent that cannot be read are said, with why, and counted: the command
/// line and the browser never list fewer than the server sent without a word.
@Suite(.timeLimit(.minutes(4)))
struct SkippedProductsCommandTests {
  static let secondIsBad =
    #"{"products": [{"id": 1, "title": "Lamp", "price": 1}, {"id": 2, "title": 5, "price": 2}, "#
    + #"{"id": 3, "title": "Desk", "price": 3}], "total": 3, "skip": 0, "limit": 3}"#
  static let onlyIsBad = #"{"products": [{"id": 1, "title": 5, "price": 1}], "total": 1, "skip": 0, "limit": 1}"#
  static let skippedSecond =
    "Skipped 1 product the server sent that could not be read: product 2: title is not text.\n"

  /// Answers every listing and search with `page`, and the category list with none.
  static func server(answering page: String) throws -> RecordingServer {
    try RecordingServer { request in
      request.path.hasPrefix("/products/categories") ? (200, "[]") : (200, page)
    }
  }

  @Test func aPageWithAnUnreadableProductSaysWhichAndWhyAndCountsIt() async throws {
    let data = try DataFolder()
    let server = try Self.server(answering: Self.secondIsBad)
    defer { server.stop() }

    let products = try await data.run(["products"], server: server.url)
    #expect(products.status == 0, "\(products.error)")
    #expect(products.output.contains("Lamp") && products.output.contains("Desk"))
    #expect(products.output.hasSuffix("Products 1–3 of 3.\n" + Self.skippedSecond), "\(products.output)")

    let search = try await data.run(["search", "a"], server: server.url)
    #expect(search.status == 0, "\(search.error)")
    #expect(search.output.hasSuffix("Matches for “a”: 3.\n" + Self.skippedSecond), "\(search.output)")

    let json = try await data.run(["products", "--json"], server: server.url)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let skipped = try #require(object["skipped"] as? [[String: Any]])
    #expect(skipped.count == 1)
    #expect(skipped.first?["position"] as? Int == 2 && skipped.first?["id"] as? Int == 2)
    #expect(skipped.first?["reason"] as? String == "title is not text")
  }

  @Test func aPageWhoseOnlyProductIsUnreadableSaysSoNotNoProducts() async throws {
    let data = try DataFolder()
    let server = try Self.server(answering: Self.onlyIsBad)
    defer { server.stop() }

    let products = try await data.run(["products"], server: server.url)
    #expect(products.status == 0, "\(products.error)")
    #expect(
      products.output == "Skipped 1 product the server sent that could not be read: product 1: title is not text.\n")
  }

  @Test(arguments: [
    #"{"products": [], "total": -1, "skip": 0, "limit": 0}"#,
    #"{"products": [{"id": 1, "title": "Lamp", "price": 1}], "total": "many", "skip": 0, "limit": 1}"#,
  ])
  func aTotalThatIsNoCountIsAnInvalidAnswer(page: String) async throws {
    let data = try DataFolder()
    let server = try Self.server(answering: page)
    defer { server.stop() }

    let products = try await data.run(["products"], server: server.url)
    #expect(products.status == 1)
    #expect(products.output.isEmpty, "nothing shown: \(products.output)")
    #expect(products.error.hasPrefix("storefront: The server's answer could not be read."), "\(products.error)")
  }

  @Test func theBrowserSaysWhatItSkippedAndCountsIt() async throws {
    let data = try DataFolder()
    let server = try Self.server(answering: Self.secondIsBad)
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      arguments: ["--server", server.url, "--data-dir", data.path], columns: 140, rows: 24)

    try await terminal.read(until: "2 of 3, 1 unreadable")
    let frame = terminal.lastFrame()
    #expect(BrowserStatusTests.status(of: frame).hasPrefix(" 2 of 3, 1 unreadable · sorted by id"), "\(frame)")
    #expect(frame.contains { $0.contains(Self.skippedSecond.dropLast()) }, "\(frame)")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
