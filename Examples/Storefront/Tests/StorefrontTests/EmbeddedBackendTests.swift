import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// The screens over the embedded backend, the way the command line runs them: real HTTP stack,
/// real owners, the backend's own tokens.
@Suite(.timeLimit(.minutes(3)))
@MainActor
final class EmbeddedBackendTests {
  /// The wall clock the backend's tokens expire by and the app reads; moves when a test says.
  let wallClock = LockedState(testNow)
  let backend: EmbeddedBackend
  let folder = TestBed.newFolder()
  let environment: StorefrontEnvironment

  init() async throws {
    let wallClock = wallClock
    let now: @Sendable () -> Date = { wallClock.withLock { $0 } }
    backend = try EmbeddedBackend(
      configuration: EmbeddedBackend.Configuration(productCount: 60, tokenLifetime: .seconds(60)), clock: TestClock(),
      now: now)
    environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: folder, pageSize: 20, retry: nil,
        now: now, clock: TestClock()))
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  @Test func anExpiredTokenWhileBrowsingIsRefreshedOnceAndBrowsingContinues() async throws {
    try await signIn()
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    #expect(catalog.state.value?.products.count == 20)

    wallClock.withLock { $0 += 120 }  // the backend's 60 s access token has expired
    await catalog.loadMore()
    await catalog.loadMore()

    #expect(catalog.state.value?.products.count == 60)
    #expect(catalog.state.value?.hasMore == false)
    #expect(catalog.message == nil)
    #expect(backend.refreshCount == 1)
    #expect(backend.statistics.unauthorized == 1)
  }

  @Test func aRevokedSessionSignsOutWithAMessage() async throws {
    let account = try await signIn()
    let observing = Task { await account.observeSession() }
    backend.revokeAllTokens()

    await account.whoAmI()

    try await waitUntil("the account to be signed out") { account.user == nil }
    #expect(account.message == "Your session has ended. Sign in again.")
    #expect(await environment.session.tokens.session == .signedOut(.sessionExpired))
    #expect(backend.refreshCount == 0, "the backend refused the refresh")
    observing.cancel()
    await observing.value
  }

  @Test func searchAndEditOverTheBackend() async throws {
    let search = SearchViewModel(environment: environment, debounce: .zero)
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    let first = try #require(catalog.state.value?.products.first)
    let word = try #require(first.title.split(separator: " ").first.map(String.init))

    await search.search(word)
    #expect(search.state.value?.products.contains { $0.id == first.id } == true)

    let detail = ProductDetailViewModel(productID: first.id, environment: environment)
    await detail.load()
    let editor = try #require(detail.makeEditor())
    editor.title = "Edited \(first.title)"
    #expect(await detail.save(editor))
    #expect(detail.state.value?.title == "Edited \(first.title)")

    let again = ProductDetailViewModel(productID: first.id, environment: environment)
    await again.load()
    #expect(again.state.value?.title == "Edited \(first.title)")
  }

  @discardableResult
  private func signIn() async throws -> SessionViewModel {
    let account = SessionViewModel(environment: environment)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password
    try #require(await account.signIn(), "\(account.message ?? "")")
    return account
  }
}
