import Custody
import CustodyTesting

/// A value as the keyed upstream returns it, stamped with where it came from.
struct Stamped: Sendable, Equatable {
  let key: Int
  /// The key's commit floor when the upstream call started (see ``KeyedUpstream``).
  let floor: UInt64
  let serial: UInt64
  let cost: Int
}

/// The fake backend behind `Cache` and `SingleFlight` in the soak. It keeps two counters per key:
///
/// - The *floor* rises with every `invalidate`, `set` and `removeAll`. A value carries the floor
///   its upstream call started in, so a value the cache holds must never carry a floor below the
///   key's current one: that would be a load that started before an invalidation or a newer
///   `set` and was committed anyway (C3, C5).
/// - The *epoch* rises with every operation that detaches an operation for the key (the above,
///   `forget`, a refresh, cancelling a caller). A caller reads the epoch before its call; its
///   upstream call reads it again when it starts. When both reads agree, the operation was
///   created in that epoch and nothing detached it before the upstream call started, so it is
///   the key's one attached operation: two such calls of one key and epoch running at once mean
///   two callers were not coalesced (S1, C1, C4).
///
/// Detaching operations run inside ``detaching(_:raisesFloor:_:)``, under the fake's lock, so the
/// counters and the owner's bookkeeping change together.
final class KeyedUpstream: Sendable {
  private struct Running: Hashable {
    let key: Int
    let epoch: UInt64
  }

  private struct State: WaitingState {
    var epochs: [Int: UInt64] = [:]
    var floors: [Int: UInt64] = [:]
    var attached: [Running: Int] = [:]
    var running = 0
    var calls = 0
    var serial: UInt64 = 0
    var waits = WaitList<State>()
  }

  let name: String
  private let report: SoakReport
  private let state = LockedState(State())

  init(name: String, report: SoakReport) {
    self.name = name
    self.report = report
  }

  /// Upstream calls so far.
  var callCount: Int { state.withLock { $0.calls } }

  func epoch(of key: Int) -> UInt64 { state.withLock { $0.epochs[key, default: 0] } }

  /// Raises the epoch (and, when `raisesFloor`, the floor) of `keys` and runs `body` under the
  /// same lock. `body` gets the new floor of the first key and must not suspend.
  func detaching<Result>(
    _ keys: some Sequence<Int>, raisesFloor: Bool, _ body: (_ floor: UInt64) -> Result
  ) -> Result {
    state.withLock { state in
      var first: UInt64?
      for key in keys {
        state.epochs[key, default: 0] += 1
        if raisesFloor { state.floors[key, default: 0] += 1 }
        if first == nil { first = state.floors[key, default: 0] }
      }
      return body(first ?? 0)
    }
  }

  /// A fresh serial for a value made outside an upstream call (a `set`).
  func nextSerial() -> UInt64 {
    state.withLock { state in
      state.serial += 1
      return state.serial
    }
  }

  /// Checks, under the lock, that `read` (the owner's synchronous view of `key`) holds no value
  /// older than the key's floor.
  func checkFloor(of key: Int, _ read: () -> Stamped?) {
    let problem = state.withLock { state -> String? in
      guard let value = read() else { return nil }
      if value.key != key { return "\(name) holds a value of key \(value.key) under key \(key)" }
      let floor = state.floors[key, default: 0]
      guard value.floor < floor else { return nil }
      return "\(name) holds value \(value.serial) of key \(key) from floor \(value.floor), "
        + "but the key was invalidated or set since (floor \(floor))"
    }
    if let problem { report.violation(problem) }
  }

  /// One upstream call for `key`.
  ///
  /// - Parameters:
  ///   - epoch: The key's epoch when the caller started its call.
  ///   - supersedes: A refresh: it detaches whatever ran for the key, so it starts a new epoch.
  func call(_ key: Int, since epoch: UInt64, behavior: SoakBehavior, supersedes: Bool = false) async throws -> Stamped {
    let (value, running, overlap) = state.withLock { state -> (Stamped, Running?, Bool) in
      let current = state.epochs[key, default: 0]
      var epochNow = current
      if supersedes {
        epochNow += 1
        state.epochs[key] = epochNow
      }
      state.running += 1
      state.calls += 1
      state.serial += 1
      let value = Stamped(key: key, floor: state.floors[key, default: 0], serial: state.serial, cost: behavior.cost)
      guard epoch == current else { return (value, nil, false) }
      let running = Running(key: key, epoch: epochNow)
      state.attached[running, default: 0] += 1
      return (value, running, state.attached[running]! > 1)
    }
    if overlap {
      report.violation("\(name): two upstream calls for key \(key) ran at once in one epoch (not coalesced)")
    }
    defer { finish(running) }
    try await behavior.wait()
    if behavior.fails { throw UpstreamFailure() }
    return value
  }

  private func finish(_ running: Running?) {
    let ended = state.withLock { state in
      if let running {
        state.attached[running, default: 1] -= 1
        if state.attached[running] == 0 { state.attached[running] = nil }
      }
      state.running -= 1
      return state.takeSatisfiedWaits()
    }
    ended.resume()
  }

  /// Suspends until no upstream call runs; throws `TestWaitError` when the task is cancelled first.
  func waitUntilIdle() async throws(TestWaitError) {
    try await state.wait(for: "no call of \(name) to run") { state in
      state.running == 0
    } seen: { state in
      "\(state.running) running"
    }
  }
}
