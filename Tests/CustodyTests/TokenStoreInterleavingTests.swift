import CustodyTesting
import Testing

@testable import Custody

/// TokenStore rules checked under every order in which suspended calls complete.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct TokenStoreInterleavingTests {
  // T1: three callers share one refresh; they leave and the refresh answers in every order.
  @Test func oneRefreshServesEveryCallerInEveryOrder() async throws {
    let orders = try await InterleavingExplorer(steps: 4).explore { order in
      let harness = TokenHarness()
      let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 5))
      let callers = (0..<3).map { _ in Task { try await store.validCredential() } }
      try await harness.inspector.waitForWaiters(3)
      let call = try await harness.refresh.waitForCalls(1)[0]

      var answered = false
      for step in order {
        if step == 3 {
          call.resolve(harness.credential("b"))
          answered = true
          for (index, caller) in callers.enumerated() where !caller.isCancelled {
            try #require(await caller.tokenEnding == .credential("b"), "caller \(index) after the refresh")
          }
          continue
        }
        callers[step].cancel()
        try #require(await callers[step].tokenEnding == (answered ? .credential("b") : .cancelled))
      }
      try #require(!call.isCancelled, "a refresh runs to the end even when its callers left")
      try #require(harness.refresh.callCount == 1)
      try #require(try await store.validCredential().accessToken == "b", "the refresh result is kept")
    }
    #expect(orders == 24)
  }

  // T4: the refresh answer, a sign-out and a waiter's cancellation in every order.
  @Test func signOutWinsOverARefreshInEveryOrder() async throws {
    try await InterleavingExplorer(steps: 3).explore { order in
      let harness = TokenHarness()
      let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 5))
      let staying = Task { try await store.validCredential() }
      let leaving = Task { try await store.validCredential() }
      try await harness.inspector.waitForWaiters(2)
      let call = try await harness.refresh.waitForCalls(1)[0]

      var signedOut = false
      var answered = false
      for step in order {
        switch step {
        case 0:
          call.resolve(harness.credential("b"))
          answered = !signedOut
          if answered { try #require(await staying.tokenEnding == .credential("b")) }
        case 1:
          await store.signOut()
          signedOut = true
          if !answered { try #require(await staying.tokenEnding == .signedOut(.userSignedOut)) }
        default:
          leaving.cancel()
          let expected: TokenEnding =
            answered ? .credential("b") : signedOut ? .signedOut(.userSignedOut) : .cancelled
          try #require(await leaving.tokenEnding == expected)
        }
      }
      try #require(await !store.isSignedIn, "a sign-out is never undone by a refresh")
      try #require(harness.lastPersisted == .some(nil))
      try #require(await Task { try await store.validCredential() }.tokenEnding == .signedOut(.userSignedOut))
    }
  }
}
