import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Observation
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

  @Test @MainActor func theSearchResultsShownAreLoadedAgainOnAFocusInOnceStale() async throws {
    let clock = TestClock()
    let network = try BrowserAppTests.Network()
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: network.backend.configuration.baseURL, transport: network, dataDirectory: DataFolder().url,
        pageSize: 10, retry: nil, clock: clock))
    let app = BrowserApp(environment: environment, style: .plain, backendName: "embedded")
    let title = try await environment.repository.product(id: 1).title
    app.modes.append(.search)
    let searching = Task { await app.search.search(title) }
    try await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))  // the debounce
    await searching.value
    #expect(app.search.state.value?.products.first?.title == title)
    app.followShownScreen()
    await Task { @MainActor in }.value  // the watch the line above started has begun: main-actor order

    // Renamed on the server, then stale.
    let url = URL(string: network.backend.configuration.baseURL.absoluteString + "/products/1")!
    _ = try await network.backend.send(
      HTTPRequest(
        method: .put, url: url, headers: ["Content-Type": "application/json"],
        body: Data(#"{"title": "\#(title) Deluxe"}"#.utf8)))
    let searches = { network.backend.statistics.requestsByPath["/products/search"] ?? 0 }
    #expect(searches() == 1)
    clock.advance(by: .seconds(61))

    app.focusChanged(gained: false)
    app.focusChanged(gained: true)
    try await Self.waitUntil { app.search.state.value?.products.first?.title == title + " Deluxe" }
    #expect(searches() == 2)
  }

  /// Suspends until `condition` holds, checking it again whenever what it reads changes; throws
  /// `CancellationError` when the test is cancelled first.
  @MainActor static func waitUntil(_ condition: @escaping @MainActor () -> Bool) async throws {
    while true {
      let (changed, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
      let holds = withObservationTracking {
        condition()
      } onChange: {
        signal.yield()
      }
      if holds { return }
      var iterator = changed.makeAsyncIterator()
      guard await iterator.next() != nil else { throw CancellationError() }  // nil: cancelled
    }
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
