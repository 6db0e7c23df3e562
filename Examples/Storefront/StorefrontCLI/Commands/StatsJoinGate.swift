import Custody
import CustodyHTTP
import Foundation

/// For `stats`: holds the request for a product until a second screen has joined its load.
///
/// Two screens opening one product at once share one load, or the second finds the value when
/// the first was quicker; which of the two happens depends on the machine's timing, and `stats`
/// must count the same on every run. Holding the request until the cache reports a second
/// waiter makes "at once" true by construction. A join that never comes is given up after
/// `patience`, so a regression shows in the counts instead of hanging the command.
final class StatsJoinGate: Sendable {
  private struct State {
    /// Keys (`/products/7`) whose load a second screen has joined.
    var joined: Set<String> = []
    var held: [String: [CheckedContinuation<Void, Never>]] = [:]
  }

  private let state = LockedState(State())
  private let owner: String
  private let patience: Duration

  /// - Parameters:
  ///   - owner: The name of the cache whose joins open the gate.
  ///   - patience: How long a request waits for a join before it goes anyway.
  init(owner: String = "products", patience: Duration = .seconds(5)) {
    self.owner = owner
    self.patience = patience
  }

  /// Reports the joins of the gated cache to the gate; give it to the owners with the others.
  var inspector: any OwnerInspector { JoinWatch(gate: self) }

  /// `base`, with each request for one product held until its load has a second waiter.
  func transport(over base: any HTTPTransport) -> any HTTPTransport { GatedTransport(base: base, gate: self) }

  /// The cache key a request reads, as the inspector describes it (`/products/7`), when it
  /// asks for one product; signed in, the same product is served under `/auth`.
  static func productKey(of request: HTTPRequest) -> String? {
    guard request.method == .get else { return nil }
    let parts = request.url.path.split(separator: "/")
    guard parts.count >= 2, parts[parts.count - 2] == "products", Int(parts[parts.count - 1]) != nil else {
      return nil
    }
    return "/products/\(parts[parts.count - 1])"
  }

  fileprivate func waitForJoin(on key: String) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state in
        if state.joined.contains(key) { return true }
        state.held[key, default: []].append(continuation)
        return false
      }
      if open {
        continuation.resume()
      } else {
        Task { [patience] in
          try? await Task.sleep(for: patience)
          self.open(key)
        }
      }
    }
  }

  fileprivate func open(_ key: String) {
    let held = state.withLock { state in
      state.joined.insert(key)
      return state.held.removeValue(forKey: key) ?? []
    }
    for continuation in held { continuation.resume() }
  }

  fileprivate func record(_ event: OwnerEvent) {
    guard event.owner.name == owner, event.kind == .joined, let waiters = event.waiters, waiters >= 2,
      let key = event.key?.description
    else { return }
    open(key)
  }
}

private struct JoinWatch: OwnerInspector {
  let gate: StatsJoinGate

  func record(_ event: OwnerEvent) { gate.record(event) }
}

private struct GatedTransport: HTTPTransport {
  let base: any HTTPTransport
  let gate: StatsJoinGate

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if let key = StatsJoinGate.productKey(of: request) { await gate.waitForJoin(on: key) }
    return try await base.send(request)
  }
}
