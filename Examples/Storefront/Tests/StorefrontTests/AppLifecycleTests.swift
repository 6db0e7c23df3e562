import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import Testing

/// The app's lifecycle hub: every cache of the repository follows it, and the HTTP client tells
/// it when the server can be reached again.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct AppLifecycleTests {
  @Test func everyCacheOfTheRepositoryFollowsTheAppsHub() async throws {
    let bed = try await TestBed.fakes()
    #expect(bed.environment.appEvents.registrationCount == 2, "the products and the searches")
  }

  @Test func aRequestAnsweredAfterTheServerCouldNotBeReachedSendsAReconnection() async throws {
    let server = StubServer()
    let bed = try await TestBed.live(server: server)
    let repository = bed.environment.repository
    var heard = bed.environment.appEvents.updates().makeAsyncIterator()
    _ = try await repository.reloadProduct(id: 1)  // answered: nothing to say
    await server.goOffline()
    await #expect(throws: HTTPError.self) { try await repository.reloadProduct(id: 1) }

    await server.goOffline(false)
    bed.environment.appEvents.send(.didResignActive)  // a marker: what came before it is heard first
    _ = try await repository.reloadProduct(id: 1)

    #expect(await heard.next() == .didResignActive, "an offline failure is no reconnection")
    #expect(await heard.next() == .didReconnect)
  }

  @Test func aWatchedProductIsLoadedAgainWhenTheServerCanBeReachedAgain() async throws {
    let server = StubServer()
    let clock = TestClock()
    let inspector = TestInspector()
    var configuration = StorefrontConfiguration(
      baseURL: testBaseURL, transport: server.transport, dataDirectory: TestBed.newFolder(), retry: nil,
      now: { testNow }, clock: clock)
    configuration.inspector = inspector
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    let environment = try await StorefrontEnvironment.open(configuration)
    let product = try await environment.repository.product(id: 3)
    var watched = environment.repository.productUpdates(id: 3).makeAsyncIterator()
    #expect(await watched.next() == product)
    clock.advance(by: .seconds(301))  // past the products' 5 fresh minutes
    await server.goOffline()
    _ = try? await environment.repository.reloadProduct(id: 1)

    await server.goOffline(false)
    _ = try await environment.repository.reloadProduct(id: 1)

    let reload = try await inspector.waitForEvent("the product loaded again", owner: "products") {
      $0.kind == .started && $0.reason == .reconnected
    }
    #expect(reload.key?.description == "/products/3")
  }
}
