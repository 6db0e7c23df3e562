/// Sends each value to every current subscriber, in the order the values were sent: the way
/// an owner keeps several screens in agreement.
///
/// ```swift
/// let saves = Broadcast<Product>()
/// let updates = saves.updates()       // a screen's stream of every later save
/// saves.send(edited)                    // reaches every subscriber, in send order
/// ```
///
/// A subscriber's stream ends when its consumer's task is cancelled, and the subscriber is
/// dropped without taking the broadcast's lock in the stream's termination handler: that
/// handler runs while the runtime holds the consumer task's status lock, which a send under
/// the broadcast's lock also needs, so locking there could deadlock. The handler records the
/// subscriber in a separate lock, and the broadcast drops it the next time it is used.
/// Releasing the broadcast, or ``finish()``, ends every stream.
public final class Broadcast<Value: Sendable>: Sendable {
  private struct State {
    var ids = FlightIDs()
    var subscribers: [UInt64: AsyncStream<Value>.Continuation] = [:]
  }

  private let state = LockedState(State())
  /// Subscribers whose consumer went away, to drop the next time `state` is locked.
  private let ended = LockedState<[UInt64]>([])
  /// How many unread values a subscriber that falls behind keeps, the newest; `nil` keeps all.
  /// A count rather than the stream's policy, which older SDKs do not mark `Sendable`.
  private let newestKept: Int?

  /// Creates a broadcast with no subscriber.
  public init() {
    newestKept = nil
  }

  /// Creates a broadcast whose subscribers keep at most the `newest` values they have not read.
  init(keepingNewest newest: Int) {
    newestKept = newest
  }

  deinit {
    for continuation in state.withLock({ $0.subscribers.values }) { continuation.finish() }
  }

  /// A stream of every value sent from now on.
  public func updates() -> AsyncStream<Value> {
    makeStream { _ in }
  }

  /// A stream of `initial`, then every value sent from now on. Nothing sent concurrently can
  /// come before `initial`.
  public func updates(startingWith initial: Value) -> AsyncStream<Value> {
    makeStream { $0.yield(initial) }
  }

  /// Sends `value` to every subscriber. Values reach each subscriber in the order of `send`
  /// calls, which yield under the lock for that reason.
  public func send(_ value: Value) {
    withState { state in
      for continuation in state.subscribers.values { continuation.yield(value) }
    }
  }

  /// Ends every subscriber's stream; later subscribers get only later values.
  public func finish() {
    let finished = withState { state in
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for continuation in finished { continuation.finish() }
  }

  /// The number of subscribers whose streams have not ended.
  public var subscriberCount: Int { withState { $0.subscribers.count } }

  private func makeStream(_ start: (AsyncStream<Value>.Continuation) -> Void) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: newestKept.map { .bufferingNewest($0) } ?? .unbounded)
    let id = state.withLock { $0.ids.makeID() }
    continuation.onTermination = { [ended] _ in
      ended.withLock { $0.append(id) }
    }
    withState { state in
      state.subscribers[id] = continuation
      start(continuation)
    }
    return stream
  }

  /// Runs `body` under the lock, first dropping the subscribers that ended.
  private func withState<Result>(_ body: (inout State) -> sending Result) -> sending Result {
    state.withLock { state in
      let gone = ended.withLock { ids in
        defer { ids = [] }
        return ids
      }
      for id in gone { state.subscribers[id] = nil }
      return body(&state)
    }
  }
}
