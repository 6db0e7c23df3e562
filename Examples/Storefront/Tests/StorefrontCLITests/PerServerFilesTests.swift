import Foundation
import Testing

/// Favourites and the offline page belong to the server they came from, as the session does:
/// a call to one server never changes what another shows.
@Suite(.timeLimit(.minutes(4)))
struct PerServerFilesTests {
  /// Answers every listing with `page`, the category list with none.
  static func server(answering page: String) throws -> RecordingServer {
    try RecordingServer { request in
      request.path.hasPrefix("/products/categories") ? (200, "[]") : (200, page)
    }
  }

  @Test func anotherServerNeverReplacesTheEmbeddedBackendsOfflinePage() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products"]).status == 0)  // the page the browser starts with
    let file = data.url.appending(path: "catalog.json")
    let saved = try Data(contentsOf: file)
    // One server sends only products that cannot be read; another an empty catalog.
    let broken = try Self.server(
      answering: #"{"products": [{"id": 1, "title": 5, "price": 1}], "total": 1, "skip": 0, "limit": 1}"#)
    defer { broken.stop() }
    let empty = try Self.server(answering: #"{"products": [], "total": 0, "skip": 0, "limit": 0}"#)
    defer { empty.stop() }

    #expect(try await data.run(["products"], server: broken.url).status == 0)
    #expect(try await data.run(["products"], server: empty.url).status == 0)

    #expect(try Data(contentsOf: file) == saved, "the embedded backend's page is as it was")
    let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
    #expect(files.contains(OfflineProductsTests.catalogFile(of: empty.url)), "that server's own page: \(files)")
    #expect(
      !files.contains(OfflineProductsTests.catalogFile(of: broken.url)), "a page of nothing readable is not kept")

    // The browser's start on the embedded backend shows the saved page while the live one loads.
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "1500"], columns: 100)
    try await terminal.read(until: "offline, saved")
    let status = BrowserStatusTests.status(terminal, containing: "offline, saved")
    #expect(status.hasPrefix(" 30 of 200 · sorted by id · offline, saved "), "\(status)")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func aFavouriteOnOneServerStarsNothingOnAnother() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["favorite", "1"]).status == 0)
    let other = try Self.server(
      answering: #"{"products": [{"id": 1, "title": "Unrelated lamp", "price": 1}], "total": 1, "skip": 0, "limit": 1}"#
    )
    defer { other.stop() }

    let listed = try await data.run(["products", "--json"], server: other.url)
    #expect(listed.status == 0, "\(listed.error)")
    #expect(listed.output.contains("Unrelated lamp") && listed.output.contains(#""isFavorite" : false"#))
    let favorites = try await data.run(["favorites"], server: other.url)
    #expect(favorites.output == "No favourites yet. Add one with `storefront favorite ID`.\n", "\(favorites.error)")

    // The embedded backend keeps its own, in the file favourites were kept in before.
    let embedded = try await data.run(["favorites", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(embedded.output.utf8)) as? [String: Any])
    #expect((object["products"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1])
    #expect(FileManager.default.fileExists(atPath: data.url.appending(path: "favorites.json").path))
  }
}
