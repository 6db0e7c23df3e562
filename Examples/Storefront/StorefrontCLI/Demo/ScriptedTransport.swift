import Custody
import CustodyHTTP
import Foundation
import StorefrontFixtures

/// For the demo: holds chosen requests on their way to the backend until the scene answers each
/// one, so a scene picks the order in which they are answered and which of them fails.
///
/// Held requests are numbered from 0 as they arrive. The scene waits for them with
/// ``waitForArrivals(_:)``, then lets each through with ``pass(_:)`` or answers it with the
/// backend's own simulated failure with ``fail(_:)``. A held request whose caller is cancelled
/// stops waiting.
final class ScriptedTransport: HTTPTransport {
  let backend: EmbeddedBackend
  let holds: @Sendable (HTTPRequest) -> Bool
  private let gates = LockedState(Gates())

  private struct Gates {
    var arrivals = 0
    /// The held requests not yet answered, by number: `true` lets one through.
    var held: [Int: CheckedContinuation<Bool, any Error>] = [:]
    var watchers: [(count: Int, watcher: CheckedContinuation<Void, Never>)] = []
  }

  init(backend: EmbeddedBackend, holds: @escaping @Sendable (HTTPRequest) -> Bool) {
    self.backend = backend
    self.holds = holds
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard holds(request) else { return try await backend.send(request) }
    let number = LockedState<Int?>(nil)
    let passes = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (gate: CheckedContinuation<Bool, any Error>) in
        let arrived = gates.withLock { gates -> [CheckedContinuation<Void, Never>]? in
          guard !Task.isCancelled else { return nil }  // cancelled before the handler could see the gate
          number.withLock { $0 = gates.arrivals }
          gates.held[gates.arrivals] = gate
          gates.arrivals += 1
          let count = gates.arrivals
          let arrived = gates.watchers.filter { $0.count <= count }.map(\.watcher)
          gates.watchers.removeAll { $0.count <= count }
          return arrived
        }
        guard let arrived else { return gate.resume(throwing: CancellationError()) }
        for watcher in arrived { watcher.resume() }
      }
    } onCancel: {
      let gate = gates.withLock { gates in number.withLock { $0 }.flatMap { gates.held.removeValue(forKey: $0) } }
      gate?.resume(throwing: CancellationError())
    }
    guard passes else { return .init(status: 500, body: Data(#"{"message":"Simulated failure"}"#.utf8)) }
    return try await backend.send(request)
  }

  /// Returns once `count` held requests have arrived; the scene makes the requests it waits for.
  func waitForArrivals(_ count: Int) async {
    await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
      let arrived = gates.withLock { gates in
        guard gates.arrivals < count else { return true }
        gates.watchers.append((count, watcher))
        return false
      }
      if arrived { watcher.resume() }
    }
  }

  /// Lets held request `number` through to the backend.
  func pass(_ number: Int) { answer(number, passes: true) }

  /// Answers held request `number` with 500 `Simulated failure`, as the backend's own failure
  /// injection does, without it reaching the backend.
  func fail(_ number: Int) { answer(number, passes: false) }

  private func answer(_ number: Int, passes: Bool) {
    gates.withLock { $0.held.removeValue(forKey: number) }?.resume(returning: passes)
  }
}
