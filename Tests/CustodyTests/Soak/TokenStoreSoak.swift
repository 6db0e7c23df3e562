import CustodyTesting
import Foundation

@testable import Custody

/// Random `validCredential()` and `refresh(rejected:)` calls on one `TokenStore` while its
/// wall clock moves, with refreshes that are slow, fail, or are rejected (which signs out).
///
/// One worker, the *session owner*, is the only one to call `signIn` and `signOut`. It checks
/// that a session it has seen signed out stays signed out until it signs in again, and that
/// between two sign-ins no more refreshes started than the policy allows in its window (the
/// store's clock does not move, so the whole cycle is one window).
final class TokenStoreSoak: Sendable {
  let policy = TokenStore.Policy(leeway: .seconds(30), maxRefreshes: 3, window: .seconds(60))
  let wallClock: ManualWallClock
  let store: TokenStore
  let refresher: SerialUpstream
  /// Credentials handed out lately, to report as rejected (bounded).
  private let handedOut = LockedState<[Credential]>([])
  private let ownerState = LockedState((sawSignedOut: false, tokens: 0))
  private let report: SoakReport

  init(report: SoakReport, seed: UInt64) {
    self.report = report
    let refresher = SerialUpstream(name: "token refresh", report: report, seed: seed ^ 0x70CE_4000)
    let wallClock = ManualWallClock()
    self.wallClock = wallClock
    self.refresher = refresher
    store = TokenStore(
      credential: nil, policy: policy, now: { wallClock.now }, clock: TestClock(),
      refresh: { old in
        let lifetime = refresher.draw(0...120)
        let rejected = refresher.draw(0...99) < 3
        return try await refresher.perform { _ in
          if rejected { throw AuthServerError(status: 403) }
          return Credential(
            accessToken: "access-\(UUID().uuidString)", refreshToken: "refresh-\(UUID().uuidString)",
            expiresAt: wallClock.now.addingTimeInterval(TimeInterval(lifetime)))
        }
      })
  }

  func step(_ rng: inout SplitMix64, isSessionOwner: Bool) async {
    report.begin(.tokenStore)
    defer { report.end(.tokenStore) }
    if isSessionOwner, rng.chance(15) { return await changeSession(&rng) }
    let cancelAfter = rng.chance(12) ? rng.int(in: 0...4) : nil
    switch rng.int(in: 0...99) {
    case 0..<65:
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter) { [store] in
        try await store.validCredential()
      }
      if case .success(let credential) = result { remember(credential) }
      report.judge(result, cancelled: cancelled, "validCredential()", allowed: { $0 is TokenStoreError })
    case 65..<85:
      guard let rejected = handedOut.withLock({ $0.isEmpty ? nil : $0[rng.int(in: 0...($0.count - 1))] }) else {
        return
      }
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter) { [store] in
        try await store.refresh(rejected: rejected.accessToken)
      }
      if case .success(let credential) = result { remember(credential) }
      report.judge(result, cancelled: cancelled, "refresh(rejected:)", allowed: { $0 is TokenStoreError })
    default:
      wallClock.advance(by: .seconds(rng.int(in: 1...20)))
    }
  }

  private func remember(_ credential: Credential) {
    handedOut.withLock { list in
      list.append(credential)
      if list.count > 16 { list.removeFirst() }
    }
  }

  private func changeSession(_ rng: inout SplitMix64) async {
    let session = await store.session
    let sawSignedOut = ownerState.withLock { $0.sawSignedOut }
    if case .signedOut = session {
      ownerState.withLock { $0.sawSignedOut = true }
    } else {
      report.check(!sawSignedOut, "token store: signed in again without a sign-in")
    }
    let refreshes = refresher.cycleCalls
    report.check(
      refreshes <= policy.maxRefreshes, "token store: \(refreshes) refreshes between two sign-ins, over the policy")
    if rng.chance(40) {
      await store.signOut()
      ownerState.withLock { $0.sawSignedOut = true }
      report.check(await store.session == .signedOut(.userSignedOut), "token store: not signed out after signOut()")
    } else if sawSignedOut || rng.chance(20) {
      let lifetime = TimeInterval(rng.int(in: 0...90))
      let number = ownerState.withLock { state in
        state.tokens += 1
        return state.tokens
      }
      await store.signIn(
        Credential(
          accessToken: "signed-in-\(number)", refreshToken: "refresh-\(number)",
          expiresAt: wallClock.now.addingTimeInterval(lifetime)))
      refresher.resetCycle()
      ownerState.withLock { $0.sawSignedOut = false }
    }
  }

  /// Every caller has returned: no refresh may still run.
  func checkQuiescent() async throws {
    try await refresher.waitUntilIdle()
    let refreshes = refresher.cycleCalls
    report.check(refreshes <= policy.maxRefreshes, "token store: \(refreshes) refreshes in the last cycle")
  }
}
