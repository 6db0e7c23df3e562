import Custody

/// The soak's owners, for counting.
enum SoakComponent: String, CaseIterable, Sendable {
  case cache, singleFlight = "single-flight", pager, tokenStore = "token store", fileStore = "file store"
}

/// What the soak saw: operations started and ended per owner, and every broken invariant
/// (the first few, so memory stays bounded however long the run).
final class SoakReport: Sendable {
  private struct State {
    var started: [SoakComponent: Int] = [:]
    var ended: [SoakComponent: Int] = [:]
    var violations: [String] = []
    var violationCount = 0
    var totalEnded = 0
    /// Waits for a number of ended operations, by waiter.
    var milestones: [UInt64: (count: Int, continuation: CheckedContinuation<Void, any Error>)] = [:]
    var nextMilestone: UInt64 = 0
  }

  static let keptViolations = 25
  private let state = LockedState(State())

  func begin(_ component: SoakComponent) {
    state.withLock { $0.started[component, default: 0] += 1 }
  }

  func end(_ component: SoakComponent) {
    let reached = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      state.ended[component, default: 0] += 1
      state.totalEnded += 1
      guard !state.milestones.isEmpty else { return [] }
      let total = state.totalEnded
      let due = state.milestones.filter { $0.value.count <= total }
      for id in due.keys { state.milestones[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in reached { continuation.resume() }
  }

  /// Suspends until `count` operations have ended in all.
  ///
  /// - Throws: `CancellationError` when the waiting task is cancelled first.
  func waitForEnded(_ count: Int) async throws {
    let id = state.withLock { state in
      state.nextMilestone += 1
      return state.nextMilestone
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if Task.isCancelled { return .failure(CancellationError()) }
          if state.totalEnded >= count { return .success(()) }
          state.milestones[id] = (count, continuation)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiting = state.withLock { $0.milestones.removeValue(forKey: id) }
      waiting?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Records a broken invariant.
  func violation(_ message: String) {
    state.withLock { state in
      state.violationCount += 1
      if state.violations.count < Self.keptViolations { state.violations.append(message) }
    }
  }

  /// Records `message` unless `condition` holds.
  func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { violation(message()) }
  }

  var violations: [String] { state.withLock { $0.violations } }
  var violationCount: Int { state.withLock { $0.violationCount } }
  func started(_ component: SoakComponent) -> Int { state.withLock { $0.started[component, default: 0] } }
  func ended(_ component: SoakComponent) -> Int { state.withLock { $0.ended[component, default: 0] } }
  var totalEnded: Int { state.withLock { $0.totalEnded } }

  /// Checks how an operation ended: a value passes `accept`; an error is the fake's failure, an
  /// owner's typed error that `allowed` accepts, or a cancellation that the soak asked for.
  func judge<Value>(
    _ result: Result<Value, any Error>, cancelled: Bool, _ operation: String,
    accept: (Value) -> String? = { _ in nil }, allowed: (any Error) -> Bool = { _ in false }
  ) {
    switch result {
    case .success(let value):
      if let problem = accept(value) { violation("\(operation): \(problem)") }
    case .failure(is UpstreamFailure):
      break
    case .failure(is CancellationError):
      // `Task.isCancelled` here: the whole run was cancelled, so every operation was too.
      check(cancelled || Task.isCancelled, "\(operation) threw CancellationError although its caller was not cancelled")
    case .failure(let error):
      check(allowed(error) || Task.isCancelled, "\(operation) threw an unexpected error: \(error)")
    }
  }
}

/// The failure the fake upstream injects.
struct UpstreamFailure: Error, CategorizedError {
  var failureCategory: FailureCategory { .server(status: 503) }
}
