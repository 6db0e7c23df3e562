import Foundation
import Testing

/// `products` when the server cannot be reached but a page was saved at an earlier run.
@Suite(.timeLimit(.minutes(4)))
struct OfflineProductsTests {
  /// Nothing listens on the discard port of this machine: the connection is refused.
  static let unreachable = "http://127.0.0.1:9"

  @Test func theSavedPageShowsWhenTheServerCannotBeReached() async throws {
    let data = try DataFolder()
    let live = try await data.run(["products", "--json"])
    #expect(live.status == 0)
    try Self.markSaved(in: data, from: Self.unreachable)

    let text = try await data.run(["products", "--limit", "3"], server: Self.unreachable)
    #expect(text.status == 0, "\(text.error)")
    #expect(text.output.contains("Products 1–3 of 200, saved "))
    #expect(text.error.hasPrefix("storefront: warning: Nothing answers at the server's address."))
    #expect(text.error.contains("(--server \(Self.unreachable))"))
    #expect(text.error.contains("Showing the products saved at "))

    let json = try await data.run(["products", "--limit", "3", "--json"], server: Self.unreachable)
    #expect(json.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let saved = try #require(try JSONSerialization.jsonObject(with: Data(live.output.utf8)) as? [String: Any])
    #expect(object["source"] as? String == "offline")
    #expect(object["savedAt"] is String)
    #expect(object["total"] as? Int == 200)
    #expect((object["products"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 2, 3])
    #expect((saved["products"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.prefix(3) == [1, 2, 3])
  }

  @Test func aWindowInsideTheSavedPageShowsFromIt() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products", "--limit", "30"]).status == 0)
    try Self.markSaved(in: data, from: Self.unreachable)

    let outcome = try await data.run(["products", "--skip", "10", "--limit", "2"], server: Self.unreachable)
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Products 11–12 of 200, saved "))
  }

  @Test func withoutASavedPageForThatListingTheFailureStands() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products"]).status == 0)
    try Self.markSaved(in: data, from: Self.unreachable)

    for arguments in [["products", "--sort", "price"], ["products", "--category", "laptops"]] {
      let outcome = try await data.run(arguments, server: Self.unreachable)
      #expect(outcome.status == 1)
      #expect(outcome.error.hasPrefix("storefront: Nothing answers at the server's address."))
      #expect(outcome.output.isEmpty)
    }
  }

  @Test func aPageSavedFromAnotherServerIsNotShown() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products", "--limit", "3"]).status == 0)  // the embedded backend's page

    let outcome = try await data.run(["products", "--limit", "3"], server: Self.unreachable)
    #expect(outcome.status == 1)
    #expect(outcome.error.hasPrefix("storefront: Nothing answers at the server's address."))
    #expect(outcome.output.isEmpty)
  }

  /// Makes the page saved in `data` one that `server` answered, as if that server had been
  /// reachable at the last run: that server's own file, such as `catalog-http-127.0.0.1-9.json`.
  static func markSaved(in data: DataFolder, from server: String) throws {
    let file = data.url.appending(path: "catalog.json")
    var page = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    page["server"] = server
    try JSONSerialization.data(withJSONObject: page).write(to: data.url.appending(path: catalogFile(of: server)))
  }

  /// The name of the offline page's file for `server`, an `http://host:port` address.
  static func catalogFile(of server: String) -> String {
    "catalog-" + server.replacingOccurrences(of: "://", with: "-").replacingOccurrences(of: ":", with: "-") + ".json"
  }
}
