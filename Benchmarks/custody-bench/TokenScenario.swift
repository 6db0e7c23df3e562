import Custody
import Foundation

/// `token`: thousands of requests asking for a credential at the moment it expires. Counts
/// refreshes (must be one) and times the release of every waiter.
enum TokenScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("token")
    let callers = quick ? 1_000 : 10_000
    let refreshes = LockedState(0)
    let probe = Probe(callers: callers)
    let expiring = Credential(accessToken: "old", refreshToken: "refresh", expiresAt: Date().addingTimeInterval(5))
    let store = TokenStore(credential: expiring) { _ in
      refreshes.withLock { $0 += 1 }
      _ = try await probe.upstream()
      return Credential(accessToken: "new", refreshToken: "refresh-2", expiresAt: Date().addingTimeInterval(3_600))
    }
    let start = Measure.clock.now
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<callers {
        group.addTask {
          probe.arrived()
          let credential = try? await store.validCredential()
          probe.resumed(credential == nil ? nil : 1)
        }
      }
    }
    let total = start.duration(to: Measure.clock.now)
    report.add("TokenStore ×\(callers)", "refreshes", Double(refreshes.withLock { $0 }), "")
    report.add("TokenStore ×\(callers)", "release all", probe.fanOut.milliseconds, "ms")
    report.add("TokenStore ×\(callers)", "whole burst", total.milliseconds, "ms")
    if refreshes.withLock({ $0 }) != 1 { report.notes.append("expected exactly one refresh") }
    return report
  }
}
