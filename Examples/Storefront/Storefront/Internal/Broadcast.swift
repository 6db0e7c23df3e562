import Custody

/// Sends each value to every current subscriber, so several screens stay in agreement.
final class Broadcast<Value: Sendable>: Sendable {
  private struct State {
    var lastID: UInt64 = 0
    var subscribers: [UInt64: AsyncStream<Value>.Continuation] = [:]
  }

  private let state = LockedState(State())
  /// Subscribers whose consumer went away, dropped the next time `state` is locked. The
  /// termination handler runs under the consumer task's status lock, which a yield under
  /// `state`'s lock also takes: locking `state` in the handler could deadlock.
  private let ended = LockedState<[UInt64]>([])

  deinit {
    for continuation in state.withLock({ $0.subscribers.values }) { continuation.finish() }
  }

  /// A stream of every value sent from now on; `initial` first when given.
  func subscribe(startingWith initial: Value? = nil) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    continuation.onTermination = { [ended] _ in
      ended.withLock { $0.append(id) }
    }
    withState { state in
      state.subscribers[id] = continuation
      if let initial { continuation.yield(initial) }
    }
    return stream
  }

  /// Sends `value` to every subscriber. Yields under the lock so two quick sends reach every
  /// subscriber in the order they were made.
  func send(_ value: Value) {
    withState { state in
      for continuation in state.subscribers.values { continuation.yield(value) }
    }
  }

  var subscriberCount: Int { withState { $0.subscribers.count } }

  private func withState<Result>(_ body: (inout State) -> sending Result) -> sending Result {
    state.withLock { state in
      for id in ended.withLock({ ids in
        defer { ids = [] }
        return ids
      }) {
        state.subscribers[id] = nil
      }
      return body(&state)
    }
  }
}
