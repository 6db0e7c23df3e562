import Custody
import CustodyTesting
import Foundation
import Testing

/// What a TokenStore tells its inspector, and in which order.
@Suite(.timeLimit(.minutes(1)))
struct TokenStoreEventsTests {
  let harness = TokenHarness()

  private var shapes: [String] { harness.inspector.shapes() }

  // T1: one refresh, joined by every caller.
  @Test func aRefreshSharedByItsCallersStartsOnceAndSucceeds() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 10))
    let callers = (0..<3).map { _ in Task { try await store.validCredential() } }
    try await harness.inspector.waitForWaiters(3)
    try await harness.refresh.waitForCalls(1)[0].resolve(harness.credential("b"))
    for caller in callers { _ = try await caller.value }
    #expect(shapes == ["started refresh", "joined 1", "joined 2", "joined 3", "finished succeeded"])
    #expect(harness.inspector.events.allSatisfy { $0.owner.name == "session" && $0.key == nil })
  }

  // T3: the server rejects the refresh: the flight is rejected, then the session ends.
  @Test func aRejectedRefreshIsReportedBeforeTheSignOut() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 10))
    let caller = Task { try await store.validCredential() }
    try await harness.refresh.waitForCalls(1)[0].fail(AuthServerError(status: 401))
    _ = await caller.result
    #expect(shapes == ["started refresh", "joined 1", "finished rejected", "signed out (the session expired)"])
  }

  // T4: signing out during a refresh drops it.
  @Test func signingOutDuringARefreshDropsIt() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 10))
    let caller = Task { try await store.validCredential() }
    let call = try await harness.refresh.waitForCalls(1)[0]
    await store.signOut()
    call.resolve(harness.credential("b"))
    _ = await caller.result
    #expect(
      shapes == [
        "started refresh", "joined 1", "detached by supersede", "finished dropped",
        "signed out (the user signed out)",
      ])
  }

  // T3: the budget refuses a refresh loop.
  @Test func aSpentBudgetIsReportedAsARefusedRefresh() async throws {
    let store = harness.makeStore(
      signedInWith: harness.credential("a", expiresIn: 10), policy: .init(maxRefreshes: 1, window: .seconds(60)))
    await store.signIn(harness.credential("a", expiresIn: 10))
    let first = Task { try await store.refresh(rejected: "a") }
    try await harness.refresh.waitForCalls(1)[0].resolve(harness.credential("b", expiresIn: 10))
    _ = try? await first.value
    _ = try? await store.refresh(rejected: "b")
    #expect(shapes.suffix(2) == ["finished succeeded", "refresh refused"])
    #expect(shapes.first == "signed in")
  }
}
