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

  /// The public service ignores a price of 0, so the form refuses it and sends nothing.
  @Test func aPriceTheServerWouldIgnoreIsNeverSent() async throws {
    let bed = try await TestBed.live(transport: stub.transport)
    let detail = try await loadedDetail(bed)
    let editor = try #require(detail.makeEditor())
    editor.priceText = "0"

    #expect(await detail.save(editor) == false)

    #expect(await stub.edits == 0)
    #expect(detail.message == "The price must be above zero: the server ignores a price of 0.")
    #expect(detail.state.value?.price == 9.99)
  }

  /// A field the server answers without taking is named, whatever let it through the form.
  @Test func aFieldTheServerIgnoredIsNamedAndTheOthersShow() async throws {
    let bed = try await TestBed.live(transport: stub.transport)
    _ = try await loadedDetail(bed)

    let edit = try await bed.environment.repository.save(
      id: 1, changes: ProductChanges(title: "Lash Princess", price: 0))

    #expect(await stub.edits == 1)
    #expect(edit.ignoredFields == [.price])
    #expect(edit.shown.title == "Lash Princess" && edit.shown.price == 9.99)
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
