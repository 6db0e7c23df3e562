import Custody
import CustodyTesting

/// The fake backend behind `Pager` fetches and `TokenStore` refreshes: work that must never run
/// twice at once. It counts the calls running whose task has not been cancelled (an owner may
/// leave a cancelled call to wind down while it starts the next one); two at once is a
/// violation.
///
/// The cancellation handler is installed before a call registers, and a task's cancelled flag
/// is set before its handlers run, so a call cancelled before it registered registers as
/// cancelled, and one cancelled after is marked during the owner's `cancel()`.
final class SerialUpstream: Sendable {
  private struct State: WaitingState {
    var rng: SplitMix64
    var nextID: UInt64 = 0
    /// Running calls and whether each was cancelled.
    var running: [UInt64: Bool] = [:]
    var calls = 0
    /// Calls not cancelled when they started, since the last ``resetCycle()``.
    var cycleCalls = 0
    var waits = WaitList<State>()
  }

  let name: String
  private let report: SoakReport
  private let failurePercent: Int
  private let state: LockedState<State>

  init(name: String, report: SoakReport, seed: UInt64, failurePercent: Int = 10) {
    self.name = name
    self.report = report
    self.failurePercent = failurePercent
    state = LockedState(State(rng: SplitMix64(seed: seed)))
  }

  var callCount: Int { state.withLock { $0.calls } }
  var cycleCalls: Int { state.withLock { $0.cycleCalls } }
  func resetCycle() { state.withLock { $0.cycleCalls = 0 } }

  /// Draws a number from the fake's own generator.
  func draw(_ range: ClosedRange<Int>) -> Int { state.withLock { $0.rng.int(in: range) } }

  /// Runs one call: waits as a random behavior says, then fails or returns `produce`'s value.
  func perform<Value: Sendable>(_ produce: (SoakBehavior) throws -> Value) async throws -> Value {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      let (behavior, overlap) = state.withLock { state -> (SoakBehavior, Bool) in
        let cancelled = Task.isCancelled
        let others = state.running.values.filter { !$0 }.count
        state.running[id] = cancelled
        state.calls += 1
        if !cancelled { state.cycleCalls += 1 }
        return (SoakBehavior.random(&state.rng, failurePercent: failurePercent), !cancelled && others > 0)
      }
      if overlap { report.violation("\(name): a call started while another, not cancelled, was running") }
      defer { finish(id) }
      try await behavior.wait()
      if behavior.fails { throw UpstreamFailure() }
      return try produce(behavior)
    } onCancel: {
      state.withLock { state in
        if state.running[id] != nil { state.running[id] = true }
      }
    }
  }

  private func finish(_ id: UInt64) {
    let ended = state.withLock { state in
      state.running[id] = nil
      return state.takeSatisfiedWaits()
    }
    ended.resume()
  }

  /// Suspends until no call runs; throws `TestWaitError` when the task is cancelled first.
  func waitUntilIdle() async throws(TestWaitError) {
    try await state.wait(for: "no call of \(name) to run") { state in
      state.running.isEmpty
    } seen: { state in
      "\(state.running.count) running"
    }
  }
}
