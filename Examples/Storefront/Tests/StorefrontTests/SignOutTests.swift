import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// Signing out ends the session on a server that can end it, and never waits for one that
/// cannot be reached.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct SignOutTests {
  let folder = TestBed.newFolder()

  private func environment(over backend: any HTTPTransport, logoutPath: String?) async throws -> StorefrontEnvironment {
    try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: URL(string: "http://storefront.embedded")!, transport: backend, dataDirectory: folder,
        logoutPath: logoutPath, retry: nil, clock: TestClock()))
  }

  private func signIn(_ environment: StorefrontEnvironment) async throws -> SessionViewModel {
    let account = SessionViewModel(environment: environment)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password
    try #require(await account.signIn())
    return account
  }

  @Test func theOldTokenNoLongerWorksAfterSigningOut() async throws {
    let backend = try EmbeddedBackend()
    let environment = try await environment(over: backend, logoutPath: "/auth/logout")
    let account = try await signIn(environment)
    let token = try await environment.session.tokens.validCredential().accessToken

    await account.signOut()

    #expect(account.user == nil && account.message == nil)
    let me = HTTPRequest(
      url: URL(string: "http://storefront.embedded/auth/me")!, headers: ["Authorization": "Bearer \(token)"])
    #expect(try await backend.send(me).status == 401)
    #expect(backend.requestCount(path: "/auth/logout") == 1)
  }

  @Test func signingOutWithAnUnreachableServerStillSignsOutLocally() async throws {
    let backend = try EmbeddedBackend()
    let flaky = FlakyTransport(backend: backend)
    let environment = try await environment(over: flaky, logoutPath: "/auth/logout")
    let account = try await signIn(environment)
    flaky.isDown = true

    await account.signOut()

    #expect(account.user == nil && account.message == nil)
    #expect(await environment.session.isSignedIn == false)
    #expect(environment.session.user == nil)
  }

  @Test func withoutALogoutRouteNothingIsSent() async throws {
    let backend = try EmbeddedBackend()
    let environment = try await environment(over: backend, logoutPath: nil)
    let account = try await signIn(environment)
    let before = backend.requestCount

    await account.signOut()

    #expect(account.user == nil)
    #expect(backend.requestCount == before)
  }
}

/// A transport that can be taken offline.
private final class FlakyTransport: HTTPTransport {
  let backend: EmbeddedBackend
  private let down = LockedState(false)

  init(backend: EmbeddedBackend) { self.backend = backend }

  var isDown: Bool {
    get { down.withLock { $0 } }
    set { down.withLock { $0 = newValue } }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if isDown { throw URLError(.cannotConnectToHost) }
    return try await backend.send(request)
  }
}
