import CustodyHTTP
import Foundation
import Testing

/// The client knows no API's error body: it reads a server's message only as it is told to.
@Suite(.timeLimit(.minutes(1)))
struct HTTPErrorMessageTests {
  private func failure(answering response: HTTPResponse, errorMessage: HTTPErrorMessage = .none) async -> HTTPError? {
    let client = HTTPClient(
      baseURL: testBaseURL, transport: InProcessTransport { _ in response }, errorMessage: errorMessage)
    return await client.failure(of: .item(1))
  }

  @Test func aClientReadsNoServerMessageUnlessToldHow() async {
    let failure = await failure(answering: .message("Product with id '1' not found", status: 404))

    #expect(failure == .notFound(message: nil))
  }

  @Test func aClientReadsTheMessageWhereItsAPIPutsIt() async {
    let problem = HTTPResponse(
      status: 409, headers: ["Content-Type": "application/problem+json"],
      body: Data(#"{"title": "Conflict", "detail": "The item was edited elsewhere."}"#.utf8))

    let failure = await failure(answering: problem, errorMessage: .jsonField("detail"))

    #expect(failure == .clientError(status: 409, message: "The item was edited elsewhere."))
    #expect(failure?.description.contains("The item was edited elsewhere.") == true)
  }

  @Test func aReaderOfItsOwnCanUseHeaders() async {
    let reader = HTTPErrorMessage { $0.headers["X-Error-Reason"] }

    let failure = await failure(
      answering: HTTPResponse(status: 503, headers: ["X-Error-Reason": "maintenance"]), errorMessage: reader)

    #expect(failure?.serverMessage == "maintenance")
  }

  @Test func anHTMLErrorPageGivesNoMessage() async {
    let page = HTTPResponse(status: 404, body: Data("<!DOCTYPE html><title>Error</title>".utf8))

    #expect(await failure(answering: page, errorMessage: .jsonField("message")) == .notFound(message: nil))
  }

  @Test func aLongMessageIsShortened() async {
    let failure = await failure(
      answering: .message(String(repeating: "x", count: 1_000), status: 500), errorMessage: .jsonField("message"))

    #expect(failure?.serverMessage?.count == 301)
  }
}
