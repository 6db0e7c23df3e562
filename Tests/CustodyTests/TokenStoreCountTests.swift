import CustodyTesting
import Foundation
import Testing

@testable import Custody

/// `inFlightCount` and `subscriberCount` on a `TokenStore`, with the meaning they have on every
/// other owner: the refreshes running now, and the live streams of `updates()`.
@Suite(.timeLimit(.minutes(1)))
struct TokenStoreCountTests {
  let harness = TokenHarness()

  private func validCredential(_ store: TokenStore) -> Task<Credential, any Error> {
    Task { try await store.validCredential() }
  }

  /// The refreshes an inspector of the store sees running.
  private var inspectedFlights: Int? { harness.inspector.recording.activity(of: "session")?.flightsInFlight.count }

  @Test func countsTheRefreshInFlightOnceForAllItsCallers() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    #expect(await store.inFlightCount == 0)
    let callers = (0..<3).map { _ in validCredential(store) }
    try await harness.inspector.waitForWaiters(3)
    let call = try await harness.refresh.waitForCalls(1)[0]
    #expect(await store.inFlightCount == 1, "one refresh, however many callers wait for it")
    #expect(inspectedFlights == 1, "inspectors see the same flight")

    call.resolve(harness.credential("b"))
    for caller in callers { #expect(await caller.tokenEnding == .credential("b")) }
    #expect(await store.inFlightCount == 0)
  }

  @Test func aRefreshWhoseCallersLeftStillCounts() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    let caller = validCredential(store)
    let call = try await harness.refresh.waitForCalls(1)[0]
    caller.cancel()
    #expect(await caller.tokenEnding == .cancelled)
    #expect(await store.inFlightCount == 1, "the refresh keeps running for the store")

    call.resolve(harness.credential("b"))
    #expect(try await store.validCredential().accessToken == "b")
    #expect(await store.inFlightCount == 0)
  }

  @Test func aRefreshOvertakenBySignOutNoLongerCounts() async throws {
    let store = harness.makeStore(signedInWith: harness.credential("a", expiresIn: 0))
    let caller = validCredential(store)
    let call = try await harness.refresh.waitForCalls(1)[0]
    await store.signOut()
    #expect(await caller.tokenEnding == .signedOut(.userSignedOut))
    #expect(await store.inFlightCount == 0, "its result will be dropped")
    #expect(inspectedFlights == 0, "inspectors see it end too")
    call.resolve(harness.credential("b"))
  }

  @Test func countsTheSessionStreamsEachScreenHoldsOpen() async throws {
    let store = harness.makeStore(signedInWith: nil)
    #expect(store.subscriberCount == 0)
    let (seen, seeing) = AsyncStream.makeStream(of: Int.self)
    var screens: [Task<Void, Never>] = []
    for screen in 0..<2 {
      let sessions = await store.updates()
      screens.append(
        Task {
          for await _ in sessions { seeing.yield(screen) }
        })
    }
    #expect(store.subscriberCount == 2)
    var events = seen.makeAsyncIterator()
    for _ in 0..<2 { _ = await events.next() }

    screens[0].cancel()
    await screens[0].value
    #expect(store.subscriberCount == 1, "a cancelled screen's stream is gone")
    await store.signIn(harness.credential("a"))
    #expect(await events.next() == 1, "the other screen still follows the session")

    screens[1].cancel()
    await screens[1].value
    #expect(store.subscriberCount == 0)
  }
}
