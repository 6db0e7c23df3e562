/// The events an owner recorded under its lock, delivered to its inspector after the lock is
/// released.
///
/// Events are queued in the order the owner recorded them, which its lock makes the order they
/// happened. Whoever releases the owner's lock delivers what is queued, unless another thread
/// is delivering already: then that thread delivers these events too, after the ones before
/// them. So the inspector gets one event at a time, in order, and never under the owner's lock.
@usableFromInline
final class InspectionQueue: Sendable {
  private struct Pending {
    var events: [OwnerEvent] = []
    var isDelivering = false
  }

  private let inspector: any OwnerInspector
  private let pending = LockedState(Pending())

  init(_ inspector: any OwnerInspector) { self.inspector = inspector }

  /// Queues `event`; called under the owner's lock.
  func append(_ event: OwnerEvent) {
    pending.withLock { $0.events.append(event) }
  }

  /// Delivers the queued events, unless another thread is delivering them.
  func deliver() {
    var batch = pending.withLock { pending -> [OwnerEvent] in
      guard !pending.isDelivering, !pending.events.isEmpty else { return [] }
      pending.isDelivering = true
      defer { pending.events = [] }
      return pending.events
    }
    while !batch.isEmpty {
      for event in batch { inspector.record(event) }
      batch = pending.withLock { pending in
        if pending.events.isEmpty { pending.isDelivering = false }
        defer { pending.events = [] }
        return pending.events
      }
    }
  }
}
