import Foundation
import Testing

/// `products --skip N --limit M`: the window of the catalog asked for.
@Suite(.timeLimit(.minutes(4)))
struct ProductsWindowTests {
  @Test func aWindowNearTheEndListsThoseProducts() async throws {
    let data = try DataFolder()
    let json = try await data.run(["products", "--skip", "195", "--limit", "3", "--json"])
    #expect(json.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((object["products"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [196, 197, 198])
    #expect(object["skip"] as? Int == 195 && object["count"] as? Int == 3 && object["total"] as? Int == 200)

    let text = try await data.run(["products", "--skip", "195", "--limit", "3"])
    #expect(text.output.contains("Products 196–198 of 200."))
  }

  @Test func aWindowPastTheEndSaysSo() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["products", "--skip", "300"])
    #expect(outcome.status == 0)
    #expect(outcome.output == "No products after the first 200.\n")
  }

  @Test func aWindowIsNotSavedAsTheFirstPage() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products", "--skip", "50", "--limit", "5"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: data.url.appending(path: "catalog.json").path))
  }
}
