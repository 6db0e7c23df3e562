import Custody
import CustodyHTTP
import Foundation
import Storefront
import Testing

/// Signing in and out over the app's real HTTP stack, against an in-process server.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct SessionViewModelTests {
  @Test func wrongCredentialsSaySo() async throws {
    let bed = try await TestBed.live(server: StubServer())
    let account = SessionViewModel(environment: bed.environment)
    account.username = "emilys"
    account.password = "wrong"

    #expect(await account.signIn() == false)
    #expect(account.message == "Wrong username or password.")
    #expect(account.user == nil)
    #expect(account.password == "wrong")
    #expect(account.isWorking == false)
  }

  @Test func aNetworkFailureSaysYouAreOffline() async throws {
    let server = StubServer()
    await server.goOffline()
    let bed = try await TestBed.live(server: server)
    let account = SessionViewModel(environment: bed.environment)
    account.username = "emilys"
    account.password = "emilyspass"

    #expect(await account.signIn() == false)
    #expect(account.message == "You're offline. Check your connection and try again.")
    #expect(account.user == nil)
  }

  @Test func signingInClearsThePasswordAndSigningOutForgetsTheSession() async throws {
    let bed = try await TestBed.live(server: StubServer())
    let account = try await Self.signedIn(bed)
    #expect(account.user?.username == "emilys")
    #expect(account.password.isEmpty)
    #expect(SessionViewModel(environment: bed.environment).user?.username == "emilys", "a new screen knows the user")

    await account.signOut()

    #expect(account.user == nil)
    #expect(account.message == nil)
    #expect(await bed.environment.session.tokens.session == .signedOut(.userSignedOut))
    #expect(bed.environment.session.user == nil)
  }

  @Test func whoAmIAsksTheServer() async throws {
    let server = StubServer()
    let bed = try await TestBed.live(server: server)
    let account = try await Self.signedIn(bed)

    await account.whoAmI()

    #expect(account.user?.displayName == "Emily Johnson")
    #expect(account.message == nil)
    #expect(await server.hits["/auth/me"] == 1)
  }

  @Test func a401WhileBrowsingRefreshesOnceAndContinues() async throws {
    let server = StubServer(productCount: 30)
    let bed = try await TestBed.live(server: server, pageSize: 10)
    _ = try await Self.signedIn(bed)
    let catalog = CatalogViewModel(environment: bed.environment)
    await catalog.start()
    #expect(catalog.state.value?.products.map(\.id) == Array(1...10))

    await server.expireAccessToken()
    await catalog.loadMore()
    await catalog.loadMore()

    #expect(catalog.state.value?.products.map(\.id) == Array(1...30))
    #expect(catalog.message == nil)
    #expect(await server.refreshes == 1)
    #expect(await server.hits["/auth/products"] == 4, "three pages and the one the expired token was refused")
  }

  @Test func aRejectedRefreshSignsOutWithAMessage() async throws {
    let server = StubServer()
    let bed = try await TestBed.live(server: server)
    let account = try await Self.signedIn(bed)
    let observing = Task { await account.observeSession() }
    await server.expireAccessToken()
    await server.rejectRefreshes()
    let catalog = CatalogViewModel(environment: bed.environment)

    await catalog.start()

    try await waitUntil("the account screen to show a message") { account.message != nil }
    #expect(account.message == "Your session has ended. Sign in again.")
    #expect(account.user == nil)
    // The catalog needs no session: it is listed without it, live, and says nothing of the end.
    #expect(catalog.message == nil)
    #expect(catalog.state.value?.source == .live)
    #expect(catalog.state.value?.products.count == 10)
    #expect(await bed.environment.session.tokens.session == .signedOut(.sessionExpired))
    #expect(await server.refreshes == 1)
    #expect(await server.hits["/products"] == 1, "sent again on the public route")
    observing.cancel()
    await observing.value
  }

  static func signedIn(_ bed: TestBed) async throws -> SessionViewModel {
    let account = SessionViewModel(environment: bed.environment)
    account.username = "emilys"
    account.password = "emilyspass"
    try #require(await account.signIn())
    return account
  }
}
