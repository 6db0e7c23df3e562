/// An owner's link to its inspector: what it records events with.
///
/// Owners keep an optional one; with none, recording is a single `nil` check.
///
/// An owner that records under its lock makes its inspection with `afterUnlock: true` and
/// gives its `LockedState` the inspection's ``deliver()`` as the hook to run once the lock is
/// released: `record` then only queues the event, and the user's inspector runs outside the
/// owner's lock. An actor owner delivers at once, on its actor.
///
/// A class, so that the hot paths that check it copy one reference.
@usableFromInline
final class Inspection: Sendable {
  @usableFromInline let owner: InspectedOwner
  @usableFromInline let inspector: any OwnerInspector
  /// Whether fresh hits are sent to the inspector (they are always counted).
  @usableFromInline let recordsHits: Bool
  /// The time on the owner's clock.
  @usableFromInline let now: @Sendable () -> Duration
  /// The events recorded under the owner's lock and not yet delivered, or `nil` for an owner
  /// that delivers at once.
  @usableFromInline let queue: InspectionQueue?

  init(owner: InspectedOwner, inspector: any OwnerInspector, now: @escaping @Sendable () -> Duration, afterUnlock: Bool)
  {
    self.owner = owner
    self.inspector = inspector
    self.recordsHits = inspector.recordsHits
    self.now = now
    self.queue = afterUnlock ? InspectionQueue(inspector) : nil
  }

  /// An inspection for a keyed owner, or `nil` without an inspector.
  static func keyed<Key: Hashable & Sendable>(
    _ kind: InspectedOwner.Kind, name: String?, inspector: (any OwnerInspector)?,
    describe: (@Sendable (Key) -> String)?, keys: Key.Type = Key.self,
    now: (@Sendable () -> Duration)? = nil, afterUnlock: Bool = true
  ) -> Inspection? {
    inspector.map {
      Inspection(
        owner: .keyed(name: name, kind: kind, describe: describe), inspector: $0, now: now ?? Self.continuousTime(),
        afterUnlock: afterUnlock)
    }
  }

  /// An inspection for an owner without keys, or `nil` without an inspector.
  static func unkeyed(
    _ kind: InspectedOwner.Kind, name: String?, inspector: (any OwnerInspector)?,
    now: (@Sendable () -> Duration)? = nil, afterUnlock: Bool = false
  ) -> Inspection? {
    inspector.map {
      Inspection(
        owner: InspectedOwner(name: name ?? kind.rawValue, kind: kind), inspector: $0,
        now: now ?? Self.continuousTime(), afterUnlock: afterUnlock)
    }
  }

  /// Time since now on a `ContinuousClock`, for owners that are given no clock.
  private static func continuousTime() -> @Sendable () -> Duration {
    let origin = ContinuousClock.now
    return { origin.duration(to: .now) }
  }

  /// What a `LockedState` of the owner runs after releasing its lock, or `nil` when there is
  /// nothing to deliver.
  var afterUnlock: (@Sendable () -> Void)? {
    guard let queue else { return nil }
    return { queue.deliver() }
  }

  /// Delivers what was recorded, for an owner that records outside its lock too.
  func deliver() { queue?.deliver() }

  @usableFromInline
  func record(_ kind: OwnerEvent.Kind) {
    send(OwnerEvent(owner: owner, recorded: kind, key: nil, time: now()))
  }

  @usableFromInline
  func record<Key: Hashable & Sendable>(_ kind: OwnerEvent.Kind, key: Key) {
    send(OwnerEvent(owner: owner, recorded: kind, key: InspectedKey(key, of: owner), time: now()))
  }

  private func send(_ event: OwnerEvent) {
    if let queue { queue.append(event) } else { inspector.record(event) }
  }
}

/// When a flight started, on the owner's clock; made only for an inspected owner.
struct FlightClock: Sendable {
  private let now: @Sendable () -> Duration
  private let start: Duration

  init(_ inspection: Inspection) {
    now = inspection.now
    start = inspection.now()
  }

  var elapsed: Duration { now() - start }
}

extension OwnerEvent.Outcome {
  /// The outcome of work that ended with `result`.
  init(_ result: Result<some Any, any Error>) {
    switch result {
    case .success: self = .succeeded
    case .failure(let error):
      let category = FailureCategory(error)
      self = category == .cancelled ? .cancelled : .failed(category)
    }
  }
}
