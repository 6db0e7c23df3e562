import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

@testable import StorefrontCLI

/// The browser's own state, driven in process without a terminal.
@Suite(.timeLimit(.minutes(1)))
struct BrowserAppTests {
  /// The embedded backend behind a switch that takes the network away.
  final class Network: HTTPTransport {
    let backend: EmbeddedBackend
    let isDown = LockedState(false)

    init() throws {
      backend = try EmbeddedBackend(configuration: EmbeddedBackend.Configuration(productCount: 40), clock: TestClock())
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      if isDown.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
      return try await backend.send(request)
    }
  }

  @Test @MainActor func aNextPageThatFailsLeavesTheUpdatedTime() async throws {
    let network = try Network()
    let data = try DataFolder()
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: network.backend.configuration.baseURL, transport: network, dataDirectory: data.url, pageSize: 10,
        retry: nil, clock: TestClock()))
    let app = BrowserApp(environment: environment, style: .plain, backendName: "embedded")
    await app.loadCatalog { await app.catalog.start() }
    #expect(app.updatedAt != nil, "the first page arrived")

    let shown = Date(timeIntervalSince1970: 0)
    app.updatedAt = shown
    network.isDown.withLock { $0 = true }
    await app.loadCatalog { await app.catalog.loadMore() }
    #expect(app.catalog.message != nil, "the next page failed")
    #expect(app.updatedAt == shown, "the time of the last page that arrived stays")

    network.isDown.withLock { $0 = false }
    await app.loadCatalog { await app.catalog.loadMore() }
    #expect(app.catalog.state.value?.products.count == 20)
    #expect(app.updatedAt != shown, "a page that arrives moves it")
  }

  /// A browser over the embedded backend, with its files in `data`.
  @MainActor static func browser(_ data: DataFolder) async throws -> BrowserApp {
    let network = try Network()
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: network.backend.configuration.baseURL, transport: network, dataDirectory: data.url, pageSize: 10,
        retry: nil, clock: TestClock()))
    return BrowserApp(environment: environment, style: .plain, backendName: "embedded")
  }

  @Test @MainActor func aFavouriteThatCannotBeSavedSaysSoOnTheListThatMarkedIt() async throws {
    let data = try DataFolder()
    let app = try await Self.browser(data)
    // The data folder becomes a regular file: no write can succeed, even as root.
    try FileManager.default.removeItem(at: data.url)
    try Data("not a folder".utf8).write(to: data.url)

    await app.toggleFavorite(Product(id: 3, title: "Brass lamp", price: 12))

    #expect(app.failure == FailureCopy.message(for: .storage))
    #expect(app.notice == nil)
    #expect(app.environment.favorites.ids.isEmpty, "the mark is taken back")
  }

  @Test @MainActor func aCancelledFavouriteSaysNothing() async throws {
    let data = try DataFolder()
    let app = try await Self.browser(data)

    let toggling = Task { await app.toggleFavorite(Product(id: 3, title: "Brass lamp", price: 12)) }
    toggling.cancel()  // before it runs: the test holds the main actor
    await toggling.value

    #expect(app.failure == nil && app.notice == nil)
    #expect(app.environment.favorites.ids.isEmpty)
  }

  @Test @MainActor func aFavouriteSavedFromTheListSaysSo() async throws {
    let data = try DataFolder()
    let app = try await Self.browser(data)

    await app.toggleFavorite(Product(id: 3, title: "Brass lamp", price: 12))

    #expect(app.notice == "Added “Brass lamp” to favourites.")
    #expect(app.failure == nil)
    #expect(app.environment.favorites.ids == [3])
  }
}

/// The order in which the browser starts the work of one read of keys.
@Suite(.timeLimit(.minutes(1)))
struct BrowserWorkOrderTests {
  @MainActor final class Starts {
    var order: [Int] = []
  }

  /// Typing "/phone" in one read starts two searches (the field cleared, then the query typed);
  /// the last one started must be the last to run, or the empty query supersedes it.
  @Test @MainActor func workOfOneReadStartsInTheOrderItWasQueued() async {
    let starts = Starts()
    let works: [@MainActor @Sendable () async -> Void] = (0..<500).map { index in
      { starts.order.append(index) }
    }
    await withDiscardingTaskGroup { group in
      BrowserApp.launch(works, in: &group)
    }
    #expect(starts.order == Array(0..<500))
  }
}
