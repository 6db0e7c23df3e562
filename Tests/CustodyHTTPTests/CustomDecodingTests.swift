import Custody
import CustodyHTTP
import Foundation
import Testing

/// `send(_:decodingWith:)`: a reader of the caller's own, run off the caller's actor, whose
/// failures read as those of `send(_:)`.
@Suite(.timeLimit(.minutes(1)))
struct CustomDecodingTests {
  struct Price: Decodable, Sendable, Equatable {
    var amount: Double
  }

  @Test func aDecodingErrorReadsAsSendsOwn() async throws {
    let client = client(answering: #"{"prices":[{"amount":1},{"amount":"cheap"}]}"#)
    let plain = await failure { _ = try await client.send(Endpoint<[String: [Price]]>(path: "/prices")) }
    let custom = await failure {
      _ = try await client.send(Endpoint<[Price]>(path: "/prices")) { body, decoder in
        try decoder.decode([String: [Price]].self, from: body)["prices"] ?? []
      }
    }

    #expect(custom == .invalidResponse(reason: "at prices[1].amount: expected Double"))
    #expect(custom == plain)
  }

  @Test func theReaderGetsTheBodyAndTheClientsDecoder() async throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    struct Row: Decodable, Sendable, Equatable { var unitPrice: Double }
    let transport = InProcessTransport { _ in HTTPResponse(status: 200, body: Data(#"[{"unit_price":2.5}]"#.utf8)) }
    let client = HTTPClient(baseURL: URL(string: "https://store.invalid")!, transport: transport, decoder: decoder)

    let rows = try await client.send(Endpoint<[Row]>(path: "/rows")) { body, decoder in
      try decoder.decode([Row].self, from: body)
    }

    #expect(rows == [Row(unitPrice: 2.5)])
  }

  @MainActor
  @Test func readsOffTheMainActorWhenCalledFromIt() async throws {
    MainQueueProbe.install()
    #expect(MainQueueProbe.isOnMainQueue)
    let client = client(answering: "{}")

    let onMain = try await client.send(Endpoint<Bool>(path: "/probe")) { _, _ in MainQueueProbe.isOnMainQueue }

    #expect(!onMain)
  }

  struct Unreadable: Error, CustomStringConvertible {
    var description: String { "secret-token-123 in the body" }
  }

  @Test func otherFailuresKeepTheirCategoryAndNoWordsOfTheReader() async {
    let client = client(answering: "{}")
    let cases: [(any Error, HTTPError)] = [
      (CancellationError(), .cancelled), (HTTPError.responseTooLarge(limit: 9), .responseTooLarge(limit: 9)),
      (Unreadable(), .invalidResponse(reason: "the body could not be read")),
    ]
    for (thrown, expected) in cases {
      let failure = await failure { _ = try await client.send(Endpoint<Int>(path: "/x")) { _, _ in throw thrown } }
      #expect(failure == expected)
    }
  }

  @Test func aStatusFailureIsReportedBeforeTheReaderRuns() async {
    let transport = InProcessTransport { _ in HTTPResponse(status: 404, body: Data("{}".utf8)) }
    let client = HTTPClient(baseURL: URL(string: "https://store.invalid")!, transport: transport)
    let failure = await failure {
      _ = try await client.send(Endpoint<Int>(path: "/x")) { _, _ in
        Issue.record("the reader ran for a 404")
        return 0
      }
    }
    #expect(failure?.failureCategory == .notFound)
  }

  private func client(answering body: String) -> HTTPClient {
    HTTPClient(
      baseURL: URL(string: "https://store.invalid")!,
      transport: InProcessTransport { _ in HTTPResponse(status: 200, body: Data(body.utf8)) })
  }

  private func failure(_ body: () async throws -> Void) async -> HTTPError? {
    do {
      try await body()
      return nil
    } catch {
      return error as? HTTPError
    }
  }
}
