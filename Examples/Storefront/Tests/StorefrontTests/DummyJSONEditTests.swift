import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// Editing against a server that answers as the public DummyJSON service does: a partial
/// answer, falsy values ignored, nothing kept.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct DummyJSONEditTests {
  let stub = DummyJSONStub()

  @Test func anEditKeepsTheFieldsTheServersShortAnswerLeftOut() async throws {
    let bed = try await TestBed.live(transport: stub.transport)
    let detail = try await loadedDetail(bed)
    let editor = try #require(detail.makeEditor())
    editor.title = "iPhone Galaxy +1"

    #expect(await detail.save(editor))

    var expected = DummyJSONStub.product
    expected.title = "iPhone Galaxy +1"
    #expect(detail.state.value == expected, "availability, tags, shipping, warranty and reviews stay")
    #expect(bed.environment.repository.cachedProduct(id: 1) == expected)
    #expect(detail.message == nil)
  }

  @Test func aPriceTheServerIgnoredIsNotReportedAsSaved() async throws {
    let bed = try await TestBed.live(transport: stub.transport)
    let detail = try await loadedDetail(bed)
    let editor = try #require(detail.makeEditor())
    editor.priceText = "0"

    #expect(await detail.save(editor) == false)

    #expect(await stub.edits == 1)
    #expect(detail.message == "The server did not take the new price: it still has 9.99. Try another price.")
    #expect(detail.state.value?.price == 9.99)
  }

  @Test func aTitleTakenAlongsideAnIgnoredPriceShowsAndTheMessageNamesThePrice() async throws {
    let bed = try await TestBed.live(transport: stub.transport)
    let detail = try await loadedDetail(bed)
    let editor = try #require(detail.makeEditor())
    editor.title = "Lash Princess"
    editor.priceText = "0.00"

    #expect(await detail.save(editor) == false)

    #expect(detail.state.value?.title == "Lash Princess")
    #expect(detail.message?.contains("new price") == true)
  }

  @Test func aServerThatKeepsNoEditIsFoundOutByReadingTheProductAgain() async throws {
    let bed = try await TestBed.live(transport: stub.transport)
    let changes = ProductChanges(title: "iPhone Galaxy +1")
    let saved = try await bed.environment.repository.save(id: 1, changes: changes)
    #expect(saved.saved.title == "iPhone Galaxy +1", "the answer echoes the edit")

    #expect(try await bed.environment.repository.keeps(changes, id: 1) == false)
  }

  @Test func aServerThatKeepsEditsIsTrusted() async throws {
    let backend = try EmbeddedBackend(configuration: EmbeddedBackend.Configuration(productCount: 5))
    let bed = try await TestBed.live(transport: backend)
    let changes = ProductChanges(title: "Renamed", price: 12.5)
    try await bed.environment.repository.save(id: 2, changes: changes)

    #expect(try await bed.environment.repository.keeps(changes, id: 2))
  }

  private func loadedDetail(_ bed: TestBed) async throws -> ProductDetailViewModel {
    let detail = ProductDetailViewModel(productID: 1, environment: bed.environment)
    await detail.load()
    try #require(detail.state.value == DummyJSONStub.product)
    return detail
  }
}
