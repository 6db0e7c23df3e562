import Foundation
import Testing

/// Titles sort and match as a person reads them: case and accents ignored, ties by id.
@Suite(.timeLimit(.minutes(4)))
struct ReadingOrderTests {
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  static func titles(_ outcome: StorefrontBinary.Outcome) throws -> [(id: Int, title: String)] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    return (object["products"] as? [[String: Any]] ?? []).compactMap { row in
      (row["id"] as? Int).flatMap { id in (row["title"] as? String).map { (id, $0) } }
    }
  }

  @Test func titleSortReadsPastCaseAndAccents() async throws {
    let data = try DataFolder()
    let sorted = try Self.titles(try await data.run(["products", "--sort", "title", "--limit", "200", "--json"]))

    #expect(sorted.count == 200)
    for (before, after) in zip(sorted, sorted.dropFirst()) {
      let order = Self.fold(before.title).compare(Self.fold(after.title), options: .numeric)
      #expect(order == .orderedAscending || (order == .orderedSame && before.id < after.id), "\(before), \(after)")
    }
    let eChef = try #require(sorted.firstIndex { $0.title.hasPrefix("eChef") })
    let woven = try #require(sorted.firstIndex { $0.title.hasPrefix("W") })
    let eclat = try #require(sorted.firstIndex { $0.title.hasPrefix("Éclat") })
    #expect(eChef < woven && eclat < woven, "eChef and Éclat among the Es")
  }

  @Test(arguments: ["soiree", "SOIRÉE", "Soirée"])
  func searchIgnoresCaseAndAccents(query: String) async throws {
    let data = try DataFolder()
    let all = try Self.titles(try await data.run(["products", "--limit", "200", "--json"]))
    let expected = all.filter { Self.fold($0.title).contains("soiree") }.map(\.id)

    let found = try Self.titles(try await data.run(["search", query, "--json"])).map(\.id)

    #expect(expected.count >= 2, "the catalog has Soirée titles")
    #expect(Set(expected).isSubset(of: found), "\(query) found \(found)")
  }
}
