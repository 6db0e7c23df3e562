import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import TestSupport
import Testing

/// The screens when the network misbehaves: the app runs over the embedded backend until a test
/// breaks the network, then meets a real misbehaving server on loopback (`FaultTransport`).
/// Each case names the failure category and the words the screen shows, and checks that what
/// the screen showed before is kept and that nothing local (favourites, the session) is lost.
@Suite(
  .enabled("needs python3 for scripts/faulty-server.py") { await FaultServer.isAvailable }, .timeLimit(.minutes(3)))
@MainActor
final class FaultMatrixTests {
  nonisolated static let offline = "You're offline. Check your connection and try again."
  nonisolated static let closed = "The server closed the connection before it answered. Try again."
  nonisolated static let nothingAnswers =
    "Nothing answers at the server's address. Check that the server is running and the address is right."
  nonisolated static let unknown = "Something went wrong. Try again."
  nonisolated static let unreadable = "The server's answer could not be read. Try again later."
  nonisolated static let serverProblem = "The server ran into a problem. Try again later."

  let wallClock = LockedState(testNow)
  let backend: EmbeddedBackend
  let transport: FaultTransport
  let folder = TestBed.newFolder()
  let environment: StorefrontEnvironment

  init() async throws {
    (backend, transport, environment) = try await Self.open(EmbeddedBackend.Configuration(), folder, wallClock)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  static func open(
    _ configuration: EmbeddedBackend.Configuration, _ folder: URL, _ wallClock: LockedState<Date>
  ) async throws -> (EmbeddedBackend, FaultTransport, StorefrontEnvironment) {
    var configuration = configuration
    configuration.productCount = 60
    configuration.tokenLifetime = .seconds(60)
    let now: @Sendable () -> Date = { wallClock.withLock { $0 } }
    let backend = try EmbeddedBackend(configuration: configuration, clock: TestClock(), now: now)
    let transport = FaultTransport(backend: backend)
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: backend.configuration.baseURL, transport: transport, dataDirectory: folder, pageSize: 20,
        retry: nil, now: now, clock: TestClock()))
    return (backend, transport, environment)
  }

  @Test(arguments: [
    (FaultTransport.Fault.server("close-mid-body"), FailureCategory.unknown, unknown),
    (.server("close-mid-chunked"), .unknown, unknown),
    (.server("empty-reply"), .invalidResponse, unreadable),
    (.server("reset"), .offline, closed),
    (.refused, .offline, nothingAnswers),
    (.server("hang-after-headers"), .timedOut, "The server took too long to answer. Try again."),
    (.server("invalid-json"), .invalidResponse, unreadable),
    (.server("truncated-json"), .invalidResponse, unreadable),
    (.server("html-as-json"), .invalidResponse, unreadable),
    (
      .server("retry-after-far"), .rateLimited(retryAfter: .seconds(86_400)), "Too many requests. Try again in 24 h."
    ),
    (.server("redirect-loop"), .unknown, unknown),
    (.server("storm/503"), .server(status: 503), serverProblem),
    (.server("storm/403"), .forbidden, "You are not allowed to do this. Sign in with another account."),
  ])
  func theCatalogKeepsItsRowsThroughAFaultAndRecovers(
    fault: FaultTransport.Fault, category: FailureCategory, message: String
  ) async {
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    let shown = catalog.state.value?.ids
    #expect(shown == Array(1...20))

    transport.breakNetwork(fault)
    await catalog.refresh()
    #expect(catalog.state.failure == category)
    #expect(catalog.message == message)
    #expect(catalog.state.value?.ids == shown, "the rows stay after a failed refresh")
    await catalog.loadMore()
    #expect(catalog.message == message)
    #expect(catalog.state.value?.ids == shown, "a failed next page appends nothing")
    #expect(catalog.isLoadingMore == false)

    transport.breakNetwork(nil)
    await catalog.refresh()
    await catalog.loadMore()
    #expect(catalog.message == nil)
    #expect(catalog.state.value?.ids == Array(1...40), "the next page is the one that failed")
  }

  @Test func aFavouriteIsNotLostWhenTheNetworkFails() async throws {
    let detail = ProductDetailViewModel(productID: 3, environment: environment)
    await detail.load()
    await detail.toggleFavorite()

    transport.breakNetwork(.server("close-mid-body"))
    let other = ProductDetailViewModel(productID: 4, environment: environment)
    await other.load()
    #expect(other.state.failure == .unknown && other.state.value == nil)
    #expect(other.message == Self.unknown)
    await other.toggleFavorite()  // favourites are local: this works offline
    await detail.load()

    #expect(other.isFavorite)
    #expect(detail.state.value?.id == 3, "the cached product still shows")
    #expect(detail.isFavorite)
    #expect(environment.favorites.ids == [3, 4])
    let reread = Favorites(store: await FileStore.open(url: folder.appending(path: "favorites.json"), default: []))
    #expect(reread.ids == [3, 4], "both favourites are on disk")
  }

  /// A refresh that cannot reach the server is transient: the session and the user stay, the
  /// screen says why, and the next attempt after the network heals refreshes once.
  @Test(arguments: [
    (FaultTransport.Fault.server("reset"), closed), (.server("close-mid-body"), unknown),
    (.server("storm/503"), serverProblem),
  ])
  func aRefreshDuringAnOutageKeepsTheSession(fault: FaultTransport.Fault, message: String) async throws {
    let account = SessionViewModel(environment: environment)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password
    try #require(await account.signIn())
    wallClock.withLock { $0 += 120 }  // the 60 s access token has expired

    transport.breakNetwork(fault)
    await account.whoAmI()
    #expect(account.message == message)
    #expect(account.user?.username == "emilys")
    #expect(await environment.session.isSignedIn)

    transport.breakNetwork(nil)
    await account.whoAmI()
    #expect(account.message == nil)
    #expect(account.user?.username == "emilys")
    #expect(backend.refreshCount == 1)
  }

  /// Twenty product screens open at once while every request fails: each says why, and all
  /// load once the network heals.
  @Test func aStormOfFailuresReachesEveryScreenAndEachRecovers() async {
    transport.breakNetwork(.server("storm/503"))
    let screens = (1...20).map { ProductDetailViewModel(productID: $0, environment: environment) }
    await withDiscardingTaskGroup { group in
      for screen in screens { group.addTask { await screen.load() } }
    }

    #expect(screens.allSatisfy { $0.state.failure == .server(status: 503) && $0.state.value == nil })
    #expect(screens.allSatisfy { $0.message == Self.serverProblem })
    #expect(transport.faultyRequests == 20, "one request per product, none retried in a loop")

    transport.breakNetwork(nil)
    await withDiscardingTaskGroup { group in
      for screen in screens { group.addTask { await screen.load() } }
    }
    #expect(screens.map { $0.state.value?.id } == Array(1...20))
    #expect(screens.allSatisfy { $0.message == nil })
  }
}

/// The embedded backend's own faults: every request failing, and a rate limit.
@Suite(.timeLimit(.minutes(3)))
@MainActor
final class EmbeddedBackendFaultTests {
  let wallClock = LockedState(testNow)
  let folder = TestBed.newFolder()

  deinit { try? FileManager.default.removeItem(at: folder) }

  @Test func whenEveryRequestFailsEveryScreenSaysSo() async throws {
    let (backend, _, environment) = try await FaultMatrixTests.open(.init(failureRate: 1), folder, wallClock)
    let catalogs = (0..<10).map { _ in CatalogViewModel(environment: environment) }
    await withDiscardingTaskGroup { group in
      for catalog in catalogs { group.addTask { await catalog.start() } }
    }

    #expect(catalogs.allSatisfy { $0.state.failure == .server(status: 500) && $0.state.value == nil })
    #expect(catalogs.allSatisfy { $0.message == FaultMatrixTests.serverProblem })
    #expect(backend.statistics.simulatedFailures == 10)
  }

  @Test func overTheRateLimitTheCatalogKeepsItsRowsAndSaysWhenToRetry() async throws {
    let limit = EmbeddedBackend.RateLimit(requests: 1, window: .seconds(3_600))
    let (backend, _, environment) = try await FaultMatrixTests.open(.init(rateLimit: limit), folder, wallClock)
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    let shown = catalog.state.value?.ids

    await catalog.refresh()

    #expect(shown == Array(1...20))
    #expect(catalog.state.failure == .rateLimited(retryAfter: .seconds(3_600)))
    #expect(catalog.message == "Too many requests. Try again in 60 min.")
    #expect(catalog.state.value?.ids == shown)
    #expect(backend.statistics.rateLimited == 1)
  }
}
