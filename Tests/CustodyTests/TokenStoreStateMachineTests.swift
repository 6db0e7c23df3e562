import Foundation
import Testing

@testable import Custody

/// The token store's rules as plain values: no tasks, no actors.
@Suite struct TokenStoreStateMachineTests {
  typealias Machine = TokenStateMachine<String>
  let now = Date(timeIntervalSince1970: 1_000_000)

  func credential(_ token: String, expiresIn seconds: TimeInterval, refreshable: Bool = true) -> Credential {
    Credential(
      accessToken: token, refreshToken: refreshable ? "r-\(token)" : nil,
      expiresAt: now.addingTimeInterval(seconds))
  }

  @Test func expiringCredentialStartsOneRefreshThatLaterCallersJoin() throws {
    var machine = Machine(credential: credential("a", expiresIn: 10), policy: .init())
    guard case .start(let id, let of) = machine.validCredential(now: now, elapsed: .zero, 1, "x") else {
      throw Unexpected()
    }
    #expect(of.accessToken == "a")
    guard case .joined = machine.validCredential(now: now, elapsed: .zero, 2, "y") else { throw Unexpected() }
    let finished = machine.finish(id, .refreshed(credential("b", expiresIn: 3_600)))
    #expect(finished?.waiters.sorted() == ["x", "y"])
    #expect(machine.credential?.accessToken == "b")
  }

  @Test func expiredCredentialWithoutRefreshTokenEndsTheSession() throws {
    var machine = Machine(credential: credential("a", expiresIn: -1, refreshable: false), policy: .init())
    guard case .endSession = machine.validCredential(now: now, elapsed: .zero, 1, "x") else { throw Unexpected() }
  }

  @Test func refreshBudgetRefillsAfterTheWindow() throws {
    var machine = Machine(
      credential: credential("a", expiresIn: -1), policy: .init(maxRefreshes: 1, window: .seconds(10)))
    guard case .start(let id, _) = machine.validCredential(now: now, elapsed: .zero, 1, "x") else { throw Unexpected() }
    _ = machine.finish(id, .failed(AuthServerError(status: 503)))
    guard case .fail(.tooManyRefreshes(let delay)) = machine.validCredential(now: now, elapsed: .seconds(4), 2, "y")
    else { throw Unexpected() }
    #expect(delay == .seconds(6))
    guard case .start = machine.validCredential(now: now, elapsed: .seconds(10), 3, "z") else { throw Unexpected() }
  }

  @Test func endingTheSessionDropsTheRefreshInFlight() throws {
    var machine = Machine(credential: credential("a", expiresIn: -1), policy: .init())
    guard case .start(let id, _) = machine.validCredential(now: now, elapsed: .zero, 1, "x") else { throw Unexpected() }
    #expect(machine.endSession(.userSignedOut) == ["x"])
    #expect(machine.finish(id, .refreshed(credential("b", expiresIn: 60)))?.waiters == nil)
    #expect(machine.credential == nil && machine.session == .signedOut(.userSignedOut))
  }
}
