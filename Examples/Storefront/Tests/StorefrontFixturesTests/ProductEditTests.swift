import CustodyHTTP
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ProductEditTests {
  let server: Server

  init() throws { server = try Server() }

  @Test func putReturnsTheUpdatedProductAndKeepsIt() async throws {
    let original: ProductBody = try await server.send(.get, "/products/4").decoded()
    server.wallClock.advance(by: .seconds(60))

    let updated: ProductBody = try await server.send(
      .put, "/products/4", json: #"{"title":"Renamed \"Lamp\"","price":12.5,"stock":0}"#
    ).decoded()
    let reread: ProductBody = try await server.send(.get, "/products/4").decoded()
    let inList: PageBody = try await server.send(.get, "/products?skip=3&limit=1").decoded()

    #expect(updated.title == #"Renamed "Lamp""#)
    #expect(updated.price == 12.5 && updated.stock == 0 && updated.availabilityStatus == "Out of Stock")
    #expect(updated.description == original.description)
    #expect(updated.meta.updatedAt != original.meta.updatedAt)
    #expect(reread == updated)
    #expect(inList.products == [updated])
  }

  @Test func patchChangesOnlyTheGivenFields() async throws {
    let original: ProductBody = try await server.send(.get, "/products/9").decoded()

    let updated: ProductBody = try await server.send(.patch, "/products/9", json: #"{"brand":"Acme"}"#).decoded()

    #expect(updated.brand == "Acme")
    #expect(updated.title == original.title && updated.price == original.price)
  }

  @Test func editedTitleIsFoundBySearchWithDashesReadAsSpaces() async throws {
    _ = try await server.send(.put, "/products/12", json: #"{"title":"Zebra Striped Umbrella"}"#)

    let found: PageBody = try await server.send(.get, "/products/search?q=zebra-striped").decoded()

    #expect(found.products.map(\.id) == [12])
  }

  @Test func searchFindsEditedTextOutsideASCIIIgnoringCase() async throws {
    _ = try await server.send(.put, "/products/15", json: #"{"description":"Une crème brûlée parfaite."}"#)

    let found: PageBody = try await server.send(.get, "/products/search?q=CR%C3%88ME%20BR%C3%9BL%C3%89E").decoded()

    #expect(found.products.map(\.id) == [15])
  }

  @Test(arguments: [
    #"{"title":"#, "[1,2]", "not json", #"{"price":"cheap"}"#, #"{"stock":1.5}"#, #"{"tags":[1]}"#,
  ])
  func malformedOrMistypedBodyIsABadRequestAndChangesNothing(body: String) async throws {
    let before = try await server.send(.get, "/products/2").body

    let response = try await server.send(.put, "/products/2", json: body)

    #expect(response.status == 400)
    #expect(response.message?.isEmpty == false)
    #expect(try await server.send(.get, "/products/2").body == before)
  }

  @Test func updatingAnUnknownProductIsNotFound() async throws {
    let response = try await server.send(.put, "/products/999", json: #"{"title":"x"}"#)

    #expect(response.status == 404)
    #expect(response.message == "Product with id '999' not found")
  }
}
