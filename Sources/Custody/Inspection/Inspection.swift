/// An owner's link to its inspector: what it records events with.
///
/// Owners keep an optional one; with none, recording is a single `nil` check.
@usableFromInline
struct Inspection: Sendable {
  @usableFromInline let owner: InspectedOwner
  @usableFromInline let inspector: any OwnerInspector
  /// Whether fresh hits are sent to the inspector (they are always counted).
  @usableFromInline let recordsHits: Bool

  init(owner: InspectedOwner, inspector: any OwnerInspector) {
    self.owner = owner
    self.inspector = inspector
    self.recordsHits = inspector.recordsHits
  }

  /// An inspection for a keyed owner, or `nil` without an inspector.
  static func keyed<Key: Hashable & Sendable>(
    _ kind: InspectedOwner.Kind, name: String?, inspector: (any OwnerInspector)?,
    describe: (@Sendable (Key) -> String)?, keys: Key.Type = Key.self
  ) -> Inspection? {
    inspector.map { Inspection(owner: .keyed(name: name, kind: kind, describe: describe), inspector: $0) }
  }

  /// An inspection for an owner without keys, or `nil` without an inspector.
  static func unkeyed(_ kind: InspectedOwner.Kind, name: String?, inspector: (any OwnerInspector)?) -> Inspection? {
    inspector.map { Inspection(owner: InspectedOwner(name: name ?? kind.rawValue, kind: kind), inspector: $0) }
  }

  @inlinable
  func record(_ kind: OwnerEvent.Kind) {
    inspector.record(OwnerEvent(owner: owner, kind: kind))
  }

  @inlinable
  func record<Key: Hashable & Sendable>(_ kind: OwnerEvent.Kind, key: Key) {
    inspector.record(OwnerEvent(owner: owner, kind: kind, key: InspectedKey(key, of: owner)))
  }
}

/// When a flight started, read only for an inspected owner.
struct FlightClock: Sendable {
  private let start: ContinuousClock.Instant

  init() { start = .now }

  var elapsed: Duration { start.duration(to: .now) }
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
