import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures
import Testing

@testable import StorefrontCLI

/// `storefront --server URL edit` against a server that answers edits as the public DummyJSON
/// service does: 11 fields, falsy values ignored, nothing kept.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct EditCommandTests {
  static let server = URL(string: "https://dummyjson.test")!
  let data: DataFolder

  init() throws {
    data = try DataFolder()
  }

  /// The public service ignores a price of 0: the form refuses it before anything is sent.
  @Test func aPriceTheServerWouldIgnoreIsRefusedBeforeItIsSent() async throws {
    let runner = try await runner(over: Self.dummyJSON)
    let failure = await #expect(throws: UsageError.self) {
      try await runner.run(.edit(id: 1, title: nil, price: "0"))
    }
    #expect(failure?.message == "The price must be above zero: the server ignores a price of 0.")
  }

  @Test func anEditTheServerDoesNotKeepFailsAndSaysSo() async throws {
    let runner = try await runner(over: Self.dummyJSON)
    let failure = await #expect(throws: CommandFailure.self) {
      try await runner.run(.edit(id: 1, title: "iPhone Galaxy +1", price: nil))
    }
    #expect(
      failure?.message
        == "https://dummyjson.test answered with 1 “iPhone Galaxy +1” at $9.99 but did not keep the edit: reading the "
        + "product again gives its old values. This server does not save edits.")
  }

  @Test func anEditAServerKeepsIsReportedSaved() async throws {
    let output = LockedState("")
    let backend = try EmbeddedBackend(configuration: EmbeddedBackend.Configuration(baseURL: Self.server))
    let runner = try await runner(over: backend, output: output)
    #expect(try await runner.run(.edit(id: 3, title: "Renamed", price: "9.50")) == 0)
    #expect(output.withLock { $0 } == "Saved 3 “Renamed” at $9.50.\n")
  }

  /// Product 1 as the recordings show it, shortened; `PUT` answers the 11 fields the service
  /// answers, with a falsy title or price left as it was, and keeps nothing.
  static let dummyJSON = InProcessTransport { request in
    let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any] ?? [:]
    let title = (body["title"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "Essence Mascara Lash Princess"
    let price = (body["price"] as? Double).flatMap { $0 == 0 ? nil : $0 } ?? 9.99
    var fields: [String: Any] = [
      "id": 1, "title": title, "price": price, "discountPercentage": 10.48, "stock": 99, "rating": 2.56,
      "images": ["https://cdn.dummyjson.com/1.webp"], "thumbnail": "https://cdn.dummyjson.com/thumbnail.webp",
      "description": "A popular mascara.", "brand": "Essence", "category": "beauty",
    ]
    switch (request.method, request.path) {
    case (.put, "/products/1"): break
    case (.get, "/products/1"):
      fields["title"] = "Essence Mascara Lash Princess"
      fields["price"] = 9.99
      fields["tags"] = ["beauty", "mascara"]
      fields["availabilityStatus"] = "In Stock"
    default: return .message("Product not found", status: 404)
    }
    return HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json"],
      body: try JSONSerialization.data(withJSONObject: fields))
  }

  /// The runner of `storefront --server https://dummyjson.test …` over `transport`, writing its
  /// standard output to `output`.
  func runner(
    over transport: any HTTPTransport, output: LockedState<String> = LockedState("")
  ) async throws -> CommandRunner {
    let server = Self.server
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(baseURL: server, transport: transport, dataDirectory: data.url, retry: nil))
    var options = GlobalOptions()
    options.server = server
    let console = Console(
      write: { text in output.withLock { $0 += text } }, writeError: { _ in }, readLine: { nil },
      outputIsTerminal: false, inputIsTerminal: false, width: nil, environment: [:])
    return CommandRunner(
      environment: environment, backend: Backend(baseURL: server, transport: transport, embedded: nil),
      console: console, style: Style(usesColor: false), options: options, inspection: InspectorFeed(), warnings: [])
  }
}
