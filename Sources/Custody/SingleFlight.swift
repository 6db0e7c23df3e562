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
  @usableFromInline let table: LockedState<FlightTable<Key, Value, Void>>
  @usableFromInline let inspection: Inspection?

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
  @inlinable
  public func run(_ key: Key, operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let waiterID = table.withLock { $0.makeID() }
    return try await FlightWaiting.wait { continuation in
      table.withLock { table in
        guard !Task.isCancelled else { return .cancelled }
        let flightID: UInt64
        if let attached = table.attachedFlight(for: key)?.id {
          flightID = attached
          PriorityEscalation.raise(table.task(of: attached))
        } else {
          flightID = start(key, operation: operation, in: &table)
        }
        table.join(flightID, waiter: waiterID, continuation: continuation, key: key, recording: inspection)
        return FlightWaiting.Entry()
      }
    } onCancel: {
      table.withLock { $0.leave(waiterID, of: key, recording: inspection) }.resume()
    }
  }

  /// Detaches the operation running for `key`, if any: callers that already wait for it still
  /// get its result, and the next call for `key` starts a new operation.
  public func forget(_ key: Key) {
    table.withLock { $0.detach(key, .forget, recording: inspection) }?.cancel()
  }

  @inlinable
  func start(
    _ key: Key, operation: @escaping @Sendable () async throws -> Value, in table: inout FlightTable<Key, Value, Void>
  ) -> UInt64 {
    let id = table.start(key, tag: (), kind: .load, recording: inspection).id
    let task = FlightWaiting.run(timedBy: inspection, operation) { [self] result, duration in
      let waiters = self.table.withLock {
        $0.finish(id, with: result, duration: duration, recording: inspection).waiters
      }
      for waiter in waiters { waiter.resume(with: result) }
    }
    table.setTask(task, for: id)
    return id
  }
}
