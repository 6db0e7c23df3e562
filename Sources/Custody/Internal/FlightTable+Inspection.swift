/// The table's changes with the events inspectors see for them, reported the same way by every
/// keyed owner.
extension FlightTable where Key: Sendable {
  /// Starts a flight for `key` (see ``start(_:tag:isOwned:)``) and reports it, and the flight
  /// it replaced, if any, as detached (and abandoned when nobody waited for it).
  @inlinable
  mutating func start(
    _ key: Key, tag: Tag, kind: OwnerEvent.Reason, isOwned: Bool = false, recording inspection: Inspection?
  ) -> (id: UInt64, orphan: Task<Void, Never>?) {
    let replaced = attachedFlight(for: key)?.id
    let (id, orphan) = start(key, tag: tag, isOwned: isOwned)
    if let inspection {
      if let replaced { reportDetached(replaced, .refresh, key: key, to: inspection) }
      inspection.record(.started(id, kind), key: key)
    }
    return (id, orphan)
  }

  /// Detaches the flight attached to `key` (see ``detach(_:)``) and reports it.
  @inlinable
  mutating func detach(
    _ key: Key, _ reason: OwnerEvent.Reason, recording inspection: Inspection?
  ) -> Task<
    Void, Never
  >? {
    let detached = attachedFlight(for: key)?.id
    let orphan = detach(key)
    if let inspection, let detached { reportDetached(detached, reason, key: key, to: inspection) }
    return orphan
  }

  /// Adds a waiter to flight `id` and reports how many wait now.
  @inlinable
  mutating func join(_ id: UInt64, waiter waiterID: UInt64, continuation: Waiter, key: Key, recording: Inspection?) {
    let waiters = join(id, waiter: waiterID, continuation: continuation)
    recording?.record(.joined(id, waiters: waiters), key: key)
  }

  /// Takes out a cancelled waiter (see ``leave(_:of:)``) and reports it.
  @inlinable
  mutating func leave(_ waiterID: UInt64, of key: Key, recording inspection: Inspection?) -> FlightExit<Waiter> {
    let exit = leave(waiterID, of: key)
    if let inspection, let event = exit.event { inspection.record(event, key: key) }
    return exit
  }

  /// Ends flight `id` (see ``finish(_:)``), reporting how it ended if it had not been given up.
  @inlinable
  mutating func finish(
    _ id: UInt64, with result: Result<Value, any Error>, duration: Duration?, recording inspection: Inspection?
  ) -> (waiters: Waiters<Waiter>, wasAttached: Bool) {
    if let inspection, let duration, let flight = flights[id] {
      reportFinished(id, with: result, duration: duration, key: flight.key, to: inspection)
    }
    return finish(id)
  }

  @usableFromInline
  func reportFinished(
    _ id: UInt64, with result: Result<Value, any Error>, duration: Duration, key: Key, to inspection: Inspection
  ) {
    inspection.record(.finished(id, duration: duration, outcome: .init(result)), key: key)
  }

  @usableFromInline
  func reportDetached(_ id: UInt64, _ reason: OwnerEvent.Reason, key: Key, to inspection: Inspection) {
    inspection.record(.detached(id, reason), key: key)
    if !contains(id) { inspection.record(.abandoned(id), key: key) }
  }
}
