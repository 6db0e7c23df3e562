import CustodyTesting
import Foundation
import Testing

@testable import Custody

/// Which rejected credential a report names, and which failed refresh ends the session.
@Suite(.timeLimit(.minutes(1)))
struct TokenStoreRejectionTests {
  let harness = TokenHarness()

  // T2: a request's header carries only the access token; that is enough to name the credential.
  @Test func aRejectionNamesTheCredentialByTheAccessTokenSent() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a"))
    let restored = Credential(accessToken: "a", refreshToken: nil, expiresAt: nil)  // as read back from a header

    let caller = Task { try await store.refresh(rejected: restored.accessToken) }
    let call = try await harness.refresh.waitForCalls(1)[0]
    call.resolve(harness.credential("b"))

    #expect(call.input.refreshToken == "refresh-a", "the store's own credential is refreshed")
    #expect(await caller.tokenEnding == .credential("b"))
  }

  // T2
  @Test func aRejectionOfAnAccessTokenAlreadyReplacedIsAnsweredWithoutRefresh() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a"))
    await store.signIn(harness.credential("b"))

    #expect(try await store.refresh(rejected: "a").accessToken == "b")
    #expect(harness.refresh.callCount == 0)
  }

  // T3: by default 400, 401 and 403 from the refresh end the session; offline and 5xx keep it.
  @Test(arguments: [(400, true), (401, true), (403, true), (404, false), (429, false), (500, false), (503, false)])
  func theDefaultRuleEndsTheSessionOnlyWhenTheRefreshIsRefused(status: Int, ends: Bool) async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))

    let caller = Task { try await store.validCredential() }
    try await harness.refresh.waitForCalls(1)[0].fail(AuthServerError(status: status))

    #expect(await caller.tokenEnding == (ends ? .signedOut(.sessionExpired) : .refreshFailed))
    #expect(await store.isSignedIn == !ends)
  }

  // T3
  @Test func aRefreshFailingWithAPlainURLErrorKeepsTheSession() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))

    let caller = Task { try await store.validCredential() }
    try await harness.refresh.waitForCalls(1)[0].fail(URLError(.notConnectedToInternet))

    #expect(await caller.tokenEnding == .refreshFailed)
    #expect(await store.session == .signedIn)
  }

  // T3: an app whose refresh throws its own error says which one is final.
  @Test func theAppDecidesWhichOfItsOwnErrorsEndsTheSession() async throws {
    let store = TokenStore(
      credential: harness.credential("a", expiresIn: 0), now: { [harness] in harness.wallClock.now },
      clock: harness.clock, endsSession: { $0 is RefreshTokenRevoked },
      refresh: { [harness] old in try await harness.refresh(old) })

    let caller = Task { try await store.validCredential() }
    try await harness.refresh.waitForCalls(1)[0].fail(RefreshTokenRevoked())

    #expect(await caller.tokenEnding == .signedOut(.sessionExpired))
    #expect(await store.session == .signedOut(.sessionExpired))
  }
}

/// An app's own error, which no failure category describes.
private struct RefreshTokenRevoked: Error {}
