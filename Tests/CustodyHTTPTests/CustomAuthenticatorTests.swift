import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Testing

/// An API with a scheme of its own (a key header, 419 for an expired session) works through the
/// stock middleware and token store, described by an `Authenticator` alone.
@Suite(.timeLimit(.minutes(1)))
struct CustomAuthenticatorTests {
  @Test func aCustomSchemeRenewsItsKeyOnceAfterItsOwnRejectionStatus() async throws {
    let fixture = KeyFixture()

    #expect(try await fixture.client.send(.me) == Me(username: "emilys"))

    #expect(await fixture.server.keys == ["key-stale", "key-1"])
    #expect(await fixture.server.hits["/keys/renew"] == 1)
    #expect(await fixture.server.sawAuthorization == false, "no Bearer header is added")
  }

  @Test func concurrentRejectionsInACustomSchemeShareOneRenewal() async throws {
    let fixture = KeyFixture()

    let results = try await withThrowingTaskGroup(of: Me.self) { group in
      for _ in 0..<6 { group.addTask { try await fixture.client.send(.me) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(results.count == 6)
    #expect(await fixture.server.hits["/keys/renew"] == 1)
  }

  @Test func aStatusTheSchemeDoesNotCallARejectionIsReturnedWithoutRenewing() async throws {
    let fixture = KeyFixture(credential: Credential(accessToken: "key-0", refreshToken: "renewal-0", expiresAt: nil))
    let transport = InProcessTransport { _ in .message("Token Expired!", status: 401) }
    let client = HTTPClient(baseURL: testBaseURL, transport: transport, middleware: fixture.client.middleware)

    let failure = await client.failure(of: .me)

    #expect(failure?.status == 401)
    #expect(await fixture.server.hits["/keys/renew"] == nil)
    #expect(await fixture.tokens.session == .signedIn)
  }

  @Test(arguments: [400, 401, 403])
  func aRenewalRefusedWithAFinalStatusEndsTheSession(status: Int) async {
    let fixture = KeyFixture()
    await fixture.server.refuseRenewals(status: status)

    let failure = await fixture.client.failure(of: .me)

    #expect(failure?.failureCategory == .unauthorized)
    #expect(await fixture.tokens.session == .signedOut(.sessionExpired))
  }

  @Test(arguments: [500, 503])
  func aRenewalThatFailsOnTheServerKeepsTheSession(status: Int) async {
    let fixture = KeyFixture()
    await fixture.server.refuseRenewals(status: status)

    let failure = await fixture.client.failure(of: .me)

    #expect(failure?.failureCategory == .server(status: status))
    #expect(await fixture.tokens.session == .signedIn)
  }

  @Test func aRefreshFailingWithAPlainURLErrorKeepsTheSession() async {
    let authenticator = BearerAuthenticator { _ in throw URLError(.notConnectedToInternet) }
    let tokens = AuthorizationMiddleware(
      authenticator: authenticator, credential: AuthFixture.expiring, now: { AuthFixture.now }
    ).tokens

    let error = await #expect(throws: TokenStoreError.self) { try await tokens.validCredential() }

    guard case .refreshFailed(let underlying)? = error else {
      Issue.record("expected a failed refresh, got \(String(describing: error))")
      return
    }
    #expect((underlying as? URLError)?.code == .notConnectedToInternet)
    #expect(await tokens.session == .signedIn)
  }

  @Test func theAuthenticatorDecidesThatItsOwnErrorEndsTheSession() async {
    let now = AuthFixture.now
    let tokens = AuthorizationMiddleware(
      authenticator: RevokingAuthenticator(), credential: AuthFixture.expiring, now: { now }
    ).tokens

    let error = await #expect(throws: TokenStoreError.self) { try await tokens.validCredential() }

    #expect(error.map { "\($0)" } == "No one is signed in (the session expired). Sign in again.")
    #expect(await tokens.session == .signedOut(.sessionExpired))
  }
}

/// An authenticator whose refresh fails with the app's own error, which it says is final.
private struct RevokingAuthenticator: Authenticator {
  struct Revoked: Error {}

  func apply(_ credential: Credential, to request: inout HTTPRequest) {}
  func refresh(_ credential: Credential) async throws -> Credential { throw Revoked() }
  func refreshFailureEndsSession(_ error: any Error) -> Bool { error is Revoked }
}
