/// Runs one operation per key at a time and shares its outcome with every caller that asks
/// while it runs.
///
/// Use it where several parts of an app may ask for the same thing at once (a product's
/// details, a user's avatar) and the upstream should see one request.
///
/// ```swift
/// let flight = SingleFlight<Product.ID, Product>()
/// let product = try await flight.run(id) { try await api.product(id) }
/// ```
///
/// The guarantees:
/// - Concurrent calls for one key run the operation once; every caller gets its value or its
///   error.
/// - A caller whose task is cancelled stops waiting at once with `CancellationError`; the others
///   keep waiting. The operation is cancelled only when its last caller has gone, and the key is
///   free at once for a new call.
/// - When the operation ends the key is free: results are not kept (that is ``Cache``'s job).
/// - ``forget(_:)`` lets later callers start a new operation while earlier callers still get the
///   old result; the old operation ending never clears the newer one.
///
/// A caller of higher priority who joins an operation raises the operation's priority to its
/// own, where the platform supports escalation (Swift 6.2 on Linux, iOS 26 / macOS 26).
///
/// Waiters are stored continuations resumed after the lock is released, so fan-out to
/// thousands of callers costs time linear in the number of callers.
public final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let table: LockedState<FlightTable<Key, Value, Void>>
  private let inspection: Inspection?

  /// Creates an empty single-flight group.
  ///
  /// - Parameters:
  ///   - name: The name inspectors show, such as "avatars".
  ///   - inspector: Receives this group's events (see ``OwnerInspector``): each operation
  ///     ``OwnerEvent/Kind/started`` for its key, every caller ``OwnerEvent/Kind/joined``,
  ///     a cancelled caller ``OwnerEvent/Kind/left`` or, when it was the last,
  ///     ``OwnerEvent/Kind/abandoned``, ``forget(_:)`` ``OwnerEvent/Kind/detached``, and
  ///     ``OwnerEvent/Kind/finished``.
  ///   - describeKey: How inspectors show a key; by default its description.
  public init(
    name: String? = nil, inspector: (any OwnerInspector)? = nil, describeKey: (@Sendable (Key) -> String)? = nil
  ) {
    let inspection = Inspection.keyed(
      .singleFlight, name: name, inspector: inspector, describe: describeKey, keys: Key.self)
    self.inspection = inspection
    table = LockedState(FlightTable(), afterUnlock: inspection?.afterUnlock)
  }

  /// The number of keys with an operation that new callers would join.
  public var inFlightCount: Int { table.withLock { $0.attached.count } }

  /// Returns the result of `operation` for `key`, joining the operation already running for
  /// that key if there is one.
  ///
  /// - Parameters:
  ///   - key: Identifies the work; callers with equal keys share one operation.
  ///   - operation: The work to run when no operation for `key` is running. It runs in a task
  ///     of its own, cancelled when every caller waiting for it has been cancelled.
  /// - Returns: The operation's value.
  /// - Throws: The operation's error, or `CancellationError` when the calling task is cancelled.
  public func run(_ key: Key, operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let waiterID = table.withLock { $0.makeID() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let joined = table.withLock { table -> (running: Task<Void, Never>?, Void)? in
          guard !Task.isCancelled else { return nil }
          let attached = table.attachedFlight(for: key)?.id
          let flightID = attached ?? start(key, operation: operation, in: &table)
          let waiters = table.join(flightID, waiter: waiterID, continuation: continuation)
          inspection?.record(.joined(flightID, waiters: waiters), key: key)
          return (attached.flatMap { table.task(of: $0) }, ())
        }
        guard let joined else { return continuation.resume(throwing: CancellationError()) }
        PriorityEscalation.raise(joined.running)
      }
    } onCancel: {
      let (waiter, task) = table.withLock { table in
        let flightID = table.flight(ofWaiter: waiterID)
        let left = table.leave(waiterID)
        if let inspection, let flightID, left.waiter != nil {
          let event: OwnerEvent.Kind =
            table.contains(flightID) ? .left(flightID, waiters: table.waiterCount(of: flightID)) : .abandoned(flightID)
          inspection.record(event, key: key)
        }
        return left
      }
      task?.cancel()
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Detaches the operation running for `key`, if any: callers that already wait for it still
  /// get its result, and the next call for `key` starts a new operation.
  public func forget(_ key: Key) {
    let orphan = table.withLock { table in
      let flightID = table.attachedFlight(for: key)?.id
      let orphan = table.detach(key)
      if let inspection, let flightID {
        inspection.record(.detached(flightID, .forget), key: key)
        if !table.contains(flightID) { inspection.record(.abandoned(flightID), key: key) }
      }
      return orphan
    }
    orphan?.cancel()
  }

  private func start(
    _ key: Key, operation: @escaping @Sendable () async throws -> Value, in table: inout FlightTable<Key, Value, Void>
  ) -> UInt64 {
    let id = table.start(key, tag: ()).id
    let inspection = self.inspection
    inspection?.record(.started(id, .load), key: key)
    let task = Task {
      let clock = inspection.map(FlightClock.init)
      let result: Result<Value, any Error>
      do { result = .success(try await operation()) } catch { result = .failure(error) }
      let waiters = self.table.withLock { table in
        if let inspection, let clock, table.contains(id) {
          inspection.record(.finished(id, duration: clock.elapsed, outcome: .init(result)), key: key)
        }
        return table.finish(id).waiters
      }
      for waiter in waiters { waiter.resume(with: result) }
    }
    table.setTask(task, for: id)
    return id
  }
}
