import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

@testable import StorefrontCLI

/// `--hold-saves`: a product save waits until it is let go (SIGUSR1 in the app), then fails
/// without reaching the backend; reads go through. The browser test relies on it to hold a
/// write, and sends the signal.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct HeldSavesTests {
  static let product = Backend.embeddedURL.appending(path: "/products/1")

  @Test func isAnOptionOfTheEmbeddedBackendOnly() throws {
    #expect(try Invocation.parse(["--hold-saves"]).global.holdSaves)
    #expect(try !Invocation.parse([]).global.holdSaves)
    #expect(throws: UsageError.self) { try Invocation.parse(["--hold-saves", "--server", "https://dummyjson.com"]) }
  }

  @Test func aSaveWaitsForTheSignalThenFailsAndTheBackendKeepsTheProduct() async throws {
    let backend = try EmbeddedBackend(configuration: .init(baseURL: Backend.embeddedURL))
    let (holds, held) = AsyncStream.makeStream(of: Void.self)
    let transport = HeldSaves(over: backend, onHold: { held.yield() })
    let before = try await transport.send(HTTPRequest(url: Self.product))
    #expect(before.status == 200)

    let save = Task {
      try await transport.send(
        HTTPRequest(method: .put, url: Self.product, body: Data(#"{"title":"Renamed"}"#.utf8)))
    }
    var iterator = holds.makeAsyncIterator()
    await iterator.next()
    // What SIGUSR1 does. The signal itself is sent by the browser test to a storefront process
    // of its own: sent to this process, which ThreadSanitizer runs too, its delivery can wait
    // until a thread parked in an uninstrumented call wakes, which may be never.
    transport.failHeldSaves()
    let answer = try await withTaskCancellationHandler {
      try await save.value
    } onCancel: {
      save.cancel()
    }
    #expect(answer.status == 422)
    #expect(String(decoding: answer.body, as: UTF8.self).contains("Simulated failure"))
    let after = try await transport.send(HTTPRequest(url: Self.product))
    #expect(after.body == before.body)
  }

  @Test func aHeldSaveWhoseCallerIsCancelledStopsWaiting() async throws {
    let backend = try EmbeddedBackend(configuration: .init(baseURL: Backend.embeddedURL))
    let (holds, held) = AsyncStream.makeStream(of: Void.self)
    let transport = HeldSaves(over: backend, onHold: { held.yield() })
    let save = Task { try await transport.send(HTTPRequest(method: .put, url: Self.product, body: Data("{}".utf8))) }
    var iterator = holds.makeAsyncIterator()
    await iterator.next()
    save.cancel()
    await #expect(throws: CancellationError.self) {
      try await withTaskCancellationHandler {
        try await save.value
      } onCancel: {
        save.cancel()
      }
    }
  }
}
