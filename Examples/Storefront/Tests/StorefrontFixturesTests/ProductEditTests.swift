import CustodyHTTP
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ProductEditTests {
  let server: Server

  init() throws { server = try Server() }

  @Test func putAnswersTheMergedFieldsAndTheEditIsKept() async throws {
    let original: ProductBody = try await server.send(.get, "/products/4").decoded()
    server.wallClock.advance(by: .seconds(60))

    let reply = try await server.send(
      .put, "/products/4", json: #"{"title":"Renamed \"Lamp\"","price":12.5,"stock":5,"sku":"ignored"}"#
    ).object
    let reread: ProductBody = try await server.send(.get, "/products/4").decoded()
    let inList: PageBody = try await server.send(.get, "/products?skip=3&limit=1").decoded()

    #expect(reply["title"] as? String == #"Renamed "Lamp""#)
    #expect(reply["price"] as? Double == 12.5 && reply["stock"] as? Int == 5 && reply["sku"] == nil)
    #expect(reread.title == #"Renamed "Lamp""# && reread.price == 12.5 && reread.stock == 5)
    #expect(reread.availabilityStatus == "Low Stock" && reread.sku == original.sku)
    #expect(reread.description == original.description)
    #expect(reread.meta.updatedAt != original.meta.updatedAt)
    #expect(inList.products == [reread])
  }

  @Test func patchChangesOnlyTheGivenFields() async throws {
    let original: ProductBody = try await server.send(.get, "/products/9").decoded()

    _ = try await server.send(.patch, "/products/9", json: #"{"brand":"Acme"}"#)
    let updated: ProductBody = try await server.send(.get, "/products/9").decoded()

    #expect(updated.brand == "Acme")
    #expect(updated.title == original.title && updated.price == original.price)
  }

  @Test(arguments: [#"{"price":0}"#, #"{"title":""}"#, #"{"stock":0,"brand":null}"#, "[1]", "{}"])
  func falsyValuesAndBodiesWithoutFieldsChangeNothing(body: String) async throws {
    let before: ProductBody = try await server.send(.get, "/products/2").decoded()

    let reply = try await server.send(.put, "/products/2", json: body).object

    #expect(reply["title"] as? String == before.title && reply["price"] as? Double == before.price)
    #expect(reply["stock"] as? Int == before.stock)
    #expect(try await server.send(.get, "/products/2").decoded(as: ProductBody.self) == before)
  }

  @Test(arguments: [
    (#"{"price":"cheap"}"#, "price"), (#"{"stock":1.5}"#, "stock"), (#"{"images":[1]}"#, "images"),
  ])
  func valuesOfTheWrongTypeAreAnsweredButNotKept(body: String, field: String) async throws {
    let before = try await server.send(.get, "/products/2").body

    let reply = try await server.send(.put, "/products/2", json: body)

    #expect(reply.status == 200 && reply.object[field] != nil)
    #expect(try await server.send(.get, "/products/2").body == before)
  }

  @Test(arguments: [
    ("{bad", "Expected property name or '}' in JSON at position 1"),
    (#"{"title":"x",}"#, "Expected double-quoted property name in JSON at position 13"),
    (#"{"title": "#, "Unexpected end of JSON input"),
    ("[1,]", #"Unexpected token ']', "[1,]" is not valid JSON"#),
  ])
  func malformedBodyIsABadRequestInTheEnginesWordsAndChangesNothing(body: String, message: String) async throws {
    let before = try await server.send(.get, "/products/2").body

    let response = try await server.send(.put, "/products/2", json: body)

    #expect(response.status == 400 && response.message == message)
    #expect(try await server.send(.get, "/products/2").body == before)
  }

  @Test func addingAndDeletingAnswerAsTheServiceDoesAndKeepNothing() async throws {
    let before = try await server.send(.get, "/products?limit=0").body

    let added = try await server.send(.post, "/products/add", json: #"{"title":"BMW Pencil","price":5,"sku":"x"}"#)
    let deleted = try await server.send(.delete, "/products/3")

    #expect(added.status == 201 && added.object["id"] as? Int == 201 && added.object["sku"] == nil)
    #expect(deleted.object["isDeleted"] as? Bool == true && deleted.object["deletedOn"] is String)
    #expect(try await server.send(.get, "/products?limit=0").body == before)
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

  @Test func updatingAnUnknownProductIsNotFound() async throws {
    let response = try await server.send(.put, "/products/999", json: #"{"title":"x"}"#)

    #expect(response.status == 404)
    #expect(response.message == "Product with id '999' not found")
  }
}
