import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

@testable import StorefrontCLI

/// The terminal's focus, as a browser tab's: a focus-in refreshes stale rows, and the app's
/// events hear both.
@Suite(.timeLimit(.minutes(1)))
struct BrowserFocusTests {
  /// The wall clock the browser reads, moved by hand.
  final class WallClock: Sendable {
    private let date = LockedState(Date(timeIntervalSince1970: 1_000_000))
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
  }

  @MainActor static func browser(
    _ data: DataFolder, wall: WallClock, network: BrowserAppTests.Network
  ) async throws -> BrowserApp {
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: network.backend.configuration.baseURL, transport: network, dataDirectory: data.url, pageSize: 10,
        retry: nil, now: { wall.now }, clock: TestClock()))
    return BrowserApp(environment: environment, style: .plain, backendName: "embedded")
  }

  @Test func focusReportsLeaveTheKeysAroundThemInOrder() {
    let keys: [Key] = [.character("a"), .focus(false), .focus(true), .character("b"), .enter, .focus(true)]
    #expect(
      TerminalEvent.events(of: keys) == [
        .keys([.character("a")]), .focus(false), .focus(true), .keys([.character("b"), .enter]), .focus(true),
      ])
    #expect(TerminalEvent.events(of: [.character("x")]) == [.keys([.character("x")])])
    #expect(TerminalEvent.events(of: []).isEmpty)
  }

  @Test @MainActor func liveRowsAreStaleOnceTheyAreOlderThanTheSearchesFreshness() async throws {
    let wall = WallClock()
    let app = try await Self.browser(DataFolder(), wall: wall, network: BrowserAppTests.Network())
    await app.loadCatalog { await app.catalog.start() }
    #expect(app.catalog.state.value?.source == .live)
    #expect(!app.rowsAreStale, "just loaded")

    wall.advance(by: BrowserApp.rowsFreshFor - 1)
    #expect(!app.rowsAreStale, "a second short of stale")
    wall.advance(by: 1)
    #expect(app.rowsAreStale)
  }

  @Test @MainActor func aFailedFirstPageIsStaleUntilALivePageArrives() async throws {
    let network = try BrowserAppTests.Network()
    let app = try await Self.browser(DataFolder(), wall: WallClock(), network: network)
    #expect(!app.rowsAreStale, "nothing asked for yet: the start loads them")

    network.isDown.withLock { $0 = true }
    await app.loadCatalog { await app.catalog.start() }
    #expect(app.catalog.state.failure != nil)
    #expect(app.rowsAreStale, "a focus-in tries again")

    network.isDown.withLock { $0 = false }
    await app.loadCatalog { await app.catalog.refresh() }
    #expect(app.catalog.state.value?.source == .live)
    #expect(!app.rowsAreStale, "loaded live")
  }

  @Test @MainActor func focusChangesReachTheAppsEvents() async throws {
    let app = try await Self.browser(DataFolder(), wall: WallClock(), network: BrowserAppTests.Network())
    var heard = app.environment.appEvents.updates().makeAsyncIterator()

    app.focusChanged(gained: false)
    app.focusChanged(gained: true)

    #expect(await heard.next() == .didResignActive)
    #expect(await heard.next() == .didBecomeActive)
  }
}
