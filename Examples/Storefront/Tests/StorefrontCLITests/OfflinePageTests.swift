import Foundation
import Testing

/// The page kept for an offline start is the browser's own first page: the default listing in
/// pages of the default size. Commands that list another window never replace it.
@Suite(.timeLimit(.minutes(4)))
struct OfflinePageTests {
  @Test func anotherWindowDoesNotReplaceTheSavedFirstPage() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products"]).status == 0)  // what the browser lists first
    #expect(try await data.run(["stats"]).status == 0)  // so does its scripted browse
    for window in [
      ["--limit", "50"], ["--sort", "price"], ["--limit", "2"], ["--skip", "5"], ["--category", "laptops"],
    ] {
      #expect(try await data.run(["products"] + window).status == 0, "products \(window)")
    }
    try OfflineProductsTests.markSaved(in: data, from: OfflineProductsTests.unreachable)

    let offline = try await data.run(["products"], server: OfflineProductsTests.unreachable)
    #expect(offline.status == 0, "\(offline.error)")
    #expect(offline.output.contains("Products 1–30 of 200, saved "))
    #expect(offline.output.split(separator: "\n").count == 32, "a heading, 30 rows and the summary")
  }

  @Test func aShorterFirstPageIsNotKeptForTheBrowser() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products", "--limit", "2"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: data.url.appending(path: "catalog.json").path))
  }
}
