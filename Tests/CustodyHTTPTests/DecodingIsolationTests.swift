import Custody
import CustodyHTTP
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct DecodingIsolationTests {
  @MainActor
  @Test func decodesOffTheMainActorWhenCalledFromIt() async throws {
    MainQueueProbe.install()
    // The probe itself must see the main actor, or the check below proves nothing.
    #expect(MainQueueProbe.isOnMainQueue)
    #expect(try JSONDecoder().decode(IsolationProbe.self, from: Data("{}".utf8)).decodedOnMainQueue)

    let client = HTTPClient(
      baseURL: URL(string: "https://store.invalid")!, transport: InProcessTransport { _ in try .json(["a": 1]) })
    let probe = try await client.send(Endpoint<IsolationProbe>(path: "/probe"))

    #expect(!probe.decodedOnMainQueue)
  }
}
