import CustodyTesting
import Foundation
import Testing

@testable import Custody

@Suite(.timeLimit(.minutes(1)))
struct TokenStoreTests {
  let harness = TokenHarness()

  private func validCredential(_ store: TokenStore) -> Task<Credential, any Error> {
    Task { try await store.validCredential() }
  }

  // T1
  @Test func freshCredentialIsHandedOutWithoutRefreshing() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 60))
    #expect(try await store.validCredential().accessToken == "a")
    #expect(harness.refresh.callCount == 0)
  }

  // T1
  @Test func expiringCredentialIsRefreshedOnceForAllCallers() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 10))
    let callers = (0..<4).map { _ in validCredential(store) }
    try await harness.inspector.waitForWaiters(4)
    let call = try await harness.refresh.waitForCalls(1)[0]
    #expect(call.input.accessToken == "a")
    call.resolve(harness.credential("b"))
    for caller in callers { #expect(await caller.tokenEnding == .credential("b")) }
    #expect(harness.refresh.callCount == 1)
    #expect(harness.lastPersisted??.accessToken == "b", "the refreshed credential is saved")
  }

  // T1: expiry follows the injected wall clock; nothing sleeps.
  @Test func credentialIsRefreshedOnceTimeReachesTheLeeway() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 60))
    #expect(try await store.validCredential().accessToken == "a")
    harness.wallClock.advance(by: .seconds(31))  // now expires within the 30 s leeway
    let caller = validCredential(store)
    try await harness.refresh.waitForCalls(1)[0].resolve(harness.credential("b"))
    #expect(await caller.tokenEnding == .credential("b"))
  }

  // T2
  @Test func rejectedCredentialOlderThanTheCurrentOneIsAnsweredWithoutRefresh() async throws {
    let old = harness.credential("a")
    let store = harness.makeStore(signedInWith: old)
    await store.signIn(harness.credential("b"))
    #expect(try await store.refresh(rejected: old.accessToken).accessToken == "b")
    #expect(harness.refresh.callCount == 0)
  }

  // T2
  @Test func burstOfRejectionsOfTheCurrentCredentialRefreshesOnce() async throws {
    let current = harness.credential("a")
    let store = harness.makeStore(signedInWith: current)
    let callers = (0..<3).map { _ in Task { try await store.refresh(rejected: current.accessToken) } }
    try await harness.inspector.waitForWaiters(3)
    try await harness.refresh.waitForCalls(1)[0].resolve(harness.credential("b"))
    for caller in callers { #expect(await caller.tokenEnding == .credential("b")) }

    // A request that went out with the old credential answers 401 late: no second refresh.
    #expect(try await store.refresh(rejected: current.accessToken).accessToken == "b")
    #expect(harness.refresh.callCount == 1)
  }

  // T3
  @Test func refreshRejectedByTheServerSignsOutAndFailsEveryWaiter() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    var sessions = await store.updates().makeAsyncIterator()
    #expect(await sessions.next() == .signedIn)

    let callers = (0..<3).map { _ in validCredential(store) }
    try await harness.inspector.waitForWaiters(3)
    try await harness.refresh.waitForCalls(1)[0].fail(AuthServerError(status: 403))
    for caller in callers { #expect(await caller.tokenEnding == .signedOut(.sessionExpired)) }
    #expect(await !store.isSignedIn)
    #expect(await sessions.next() == .signedOut(.sessionExpired))
    #expect(harness.lastPersisted == .some(nil), "the saved credential is erased")
    #expect(await validCredential(store).tokenEnding == .signedOut(.sessionExpired))
  }

  // T3
  @Test func transientRefreshFailureFailsTheWaitersAndKeepsTheSession() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    let first = validCredential(store)
    try await harness.refresh.waitForCalls(1)[0].fail(AuthServerError(status: 503))
    #expect(await first.tokenEnding == .refreshFailed)
    #expect(await store.isSignedIn)

    let second = validCredential(store)
    try await harness.refresh.waitForCalls(2)[1].resolve(harness.credential("b"))
    #expect(await second.tokenEnding == .credential("b"))
  }

  // T3: a server that rejects every fresh credential cannot cause a refresh loop.
  @Test func burstOfRejectedCredentialsCannotCauseARefreshLoop() async throws {
    let issued = RefreshCounter()
    let store = TokenStore(
      credential: harness.credential("t0"), policy: .init(maxRefreshes: 3, window: .seconds(60)),
      now: { [harness] in harness.wallClock.now }, clock: harness.clock
    ) { [harness] _ in harness.credential("t\(issued.next())") }

    var endings: [TokenEnding] = []
    for _ in 0..<10 {  // every request answers 401, whatever the credential
      let current = try await store.validCredential()
      endings.append(await Task { try await store.refresh(rejected: current.accessToken) }.tokenEnding)
    }
    #expect(issued.count == 3)
    #expect(endings.prefix(3) == [.credential("t1"), .credential("t2"), .credential("t3")])
    #expect(endings.dropFirst(3).allSatisfy { $0 == .tooManyRefreshes })
    #expect(await store.isSignedIn, "hitting the limit does not end the session")

    harness.clock.advance(by: .seconds(60))
    #expect(try await store.refresh(rejected: store.validCredential().accessToken).accessToken == "t4")
  }

  // T4
  @Test func signOutDuringARefreshWins() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    let caller = validCredential(store)
    let call = try await harness.refresh.waitForCalls(1)[0]
    await store.signOut()
    #expect(await caller.tokenEnding == .signedOut(.userSignedOut))

    call.resolve(harness.credential("b"))  // too late: dropped
    #expect(await validCredential(store).tokenEnding == .signedOut(.userSignedOut))
    #expect(harness.persisted.withLock { $0.compactMap { $0 } }.isEmpty, "the late credential is never saved")
  }

  // T1 and sign-in: a sign-in during a refresh answers its waiters with the new credential.
  @Test func signInDuringARefreshAnswersItsWaiters() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    let caller = validCredential(store)
    let call = try await harness.refresh.waitForCalls(1)[0]
    await store.signIn(harness.credential("c"))
    #expect(await caller.tokenEnding == .credential("c"))
    call.resolve(harness.credential("b"))
    #expect(try await store.validCredential().accessToken == "c")
  }

  @Test func sessionsStreamTheCurrentSessionThenEveryChange() async throws {
    let store = harness.makeStore(signedInWith: nil)
    var sessions = await store.updates().makeAsyncIterator()
    #expect(await sessions.next() == .signedOut(.notSignedIn))
    await store.signIn(harness.credential("a"))
    await store.signIn(harness.credential("b"))  // still signed in: not a change
    await store.signOut()
    #expect(await sessions.next() == .signedIn)
    #expect(await sessions.next() == .signedOut(.userSignedOut))
  }

  // T5
  @Test func descriptionsAndErrorsNeverShowASecret() async throws {
    let credential = Credential(accessToken: "SECRET-ACCESS", refreshToken: "SECRET-REFRESH", expiresAt: nil)
    var dumped = ""
    dump(credential, to: &dumped)
    let texts = [
      "\(credential)", String(reflecting: credential), dumped, String(describing: [credential]),
      "\(TokenStoreError.refreshFailed(AuthServerError(status: 500)))",
      "\(TokenStoreError.signedOut(.sessionExpired))",
    ]
    for text in texts {
      #expect(!text.contains("SECRET"), "\(text)")
    }
  }
}

/// Issues numbered credentials and counts them.
final class RefreshCounter: Sendable {
  private let issued = LockedState(0)
  var count: Int { issued.withLock { $0 } }
  func next() -> Int {
    issued.withLock {
      $0 += 1; return $0
    }
  }
}
