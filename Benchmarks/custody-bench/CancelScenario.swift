import Custody
import Foundation

/// `cancel`: how long a cancelled caller waits to be let go, for every owner that coalesces
/// callers. One caller keeps each flight alive while others join it and are cancelled one at a
/// time; the time is from `cancel()` to the caller's task seeing `CancellationError`.
///
/// The lock-based owners (SingleFlight, Cache) resume the caller where it is cancelled. The
/// actor-based ones (Pager, TokenStore) must do the same, not hop to their actor first, which a
/// busy actor would make the caller wait for: each is measured idle, and busy with two tasks
/// that keep calling it, and the target is the busy release within 1.5× of the lock-based.
enum CancelScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("cancel")
    let rounds = quick ? 200 : 2_000
    let held = Held()
    let flight = SingleFlight<Int, Int>()
    let cache = Cache<Int, Int>()
    let pager = Pager<Int, Item, Void>(first: 0) { _ in try await held.wait() }
    let tokens = TokenStore(
      credential: Credential(accessToken: "a", refreshToken: "r", expiresAt: Date().addingTimeInterval(-1))
    ) { _ in try await held.wait() }
    let owners: [(String, join: @Sendable () async throws -> Void, busy: @Sendable () async -> Void)] = [
      ("SingleFlight", { _ = try await flight.run(1) { try await held.wait() } }, { blackHole(flight.inFlightCount) }),
      (
        "Cache", { _ = try await cache.value(for: 1) { try await held.wait() } },
        { blackHole(cache.cachedValue(for: 2)) }
      ),
      ("Pager", { _ = try await pager.loadNext() }, { blackHole(await pager.snapshot.items.count) }),
      ("TokenStore", { _ = try await tokens.validCredential() }, { blackHole(await tokens.isSignedIn) }),
    ]
    var medians: [String: Double] = [:]
    for (name, join, busy) in owners {
      let keeper = Task { try? await join() }  // keeps the flight alive while callers come and go
      for load in ["idle", "busy"] {
        let hammers = (0..<(load == "busy" ? 2 : 0)).map { _ in
          Task {
            while !Task.isCancelled {
              await busy()
              await Task.yield()  // a pool thread each: never starve the callers measured
            }
          }
        }
        let latencies = await releases(rounds, join)
        for hammer in hammers { hammer.cancel() }
        for hammer in hammers { await hammer.value }
        let median = latencies.isEmpty ? .nan : latencies[latencies.count / 2]
        medians[name + " " + load] = median
        report.add(name, "release \(load) (median of \(latencies.count))", median, "µs")
        if let p99 = latencies.dropFirst(latencies.count * 99 / 100).first {
          report.add(name, "release \(load) p99", p99, "µs")
        }
      }
      keeper.cancel()
      await keeper.value
    }
    let lockBased = max(medians["SingleFlight busy"] ?? .nan, medians["Cache busy"] ?? .nan)
    report.ratio("Pager/lock-based release, busy", (medians["Pager busy"] ?? .nan) / lockBased, atMost: 1.5)
    report.ratio("TokenStore/lock-based release, busy", (medians["TokenStore busy"] ?? .nan) / lockBased, atMost: 1.5)
    return report
  }

  /// The release times of `rounds` callers that join and are cancelled one at a time, sorted.
  private static func releases(_ rounds: Int, _ join: @escaping @Sendable () async throws -> Void) async -> [Double] {
    var latencies: [Double] = []
    latencies.reserveCapacity(rounds)
    for _ in 0..<rounds {
      let released = LockedState<ContinuousClock.Instant?>(nil)
      let caller = Task {
        do { try await join() } catch { released.withLock { $0 = Measure.clock.now } }
      }
      await Task.yield()
      await Task.yield()  // joined, most of the time; a caller cancelled before it joins counts too
      let cancelled = Measure.clock.now
      caller.cancel()
      await caller.value
      if let at = released.withLock({ $0 }) { latencies.append(cancelled.duration(to: at).microseconds) }
    }
    return latencies.sorted()
  }

  struct Item: Identifiable, Sendable {
    var id: Int
  }

  /// Upstream work that never answers and ends when its task is cancelled.
  struct Held: Sendable {
    func wait<Value>() async throws -> Value {
      try await Task.sleep(for: .seconds(3_600))
      throw CancellationError()
    }
  }
}

extension Duration {
  fileprivate var microseconds: Double {
    Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
  }
}
