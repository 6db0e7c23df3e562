/// What one owner has done and is doing, folded from its events: counters, the flights in
/// flight with their waiters, and its size.
///
/// ``Statistics`` keeps one per owner, and `TestInspector` in CustodyTesting waits on them. Feed
/// it every event of one owner, in order, with ``apply(_:)``.
public struct OwnerActivity: Sendable {
  /// A flight that has started and not ended.
  public struct Flight: Sendable, Hashable, Identifiable {
    /// The flight's number, unique within its owner.
    public let id: UInt64
    /// Why it runs.
    public let kind: OwnerEvent.Reason
    /// The key it loads, for keyed owners.
    public let key: InspectedKey?
    /// How many callers wait for it.
    public var waiters: Int
    /// Whether it was detached: it runs on for its callers, but new callers do not join it.
    public var isDetached: Bool
  }

  /// How many times each kind of event happened.
  public struct Counters: Sendable, Hashable {
    public var hits = 0
    public var staleHits = 0
    public var misses = 0
    /// Flights started: loads, operations, page fetches, refreshes, runs.
    public var started = 0
    /// Callers that joined a flight another caller started.
    public var joins = 0
    public var succeeded = 0
    public var failed = 0
    /// Token refreshes the server rejected.
    public var rejected = 0
    /// Flights whose result was dropped: stale pages, superseded runs.
    public var dropped = 0
    public var cancelled = 0
    /// Flights cancelled because their last caller left.
    public var abandoned = 0
    public var detached = 0
    public var committed = 0
    public var removed = 0
    public var evicted = 0
    public var pagesAppended = 0
    public var refreshesRefused = 0
    public var signOuts = 0
    public var writes = 0
    public var coalescedSaves = 0
    public var writeFailures = 0
    public var movedAside = 0

    public init() {}

    /// Fresh and stale hits over all lookups, or `nil` before the first lookup.
    public var hitRatio: Double? {
      let lookups = hits + staleHits + misses
      return lookups == 0 ? nil : Double(hits + staleHits) / Double(lookups)
    }
  }

  /// The owner.
  public let owner: InspectedOwner
  /// How many times each kind of event happened.
  public private(set) var counters = Counters()
  /// The flights running now, by number.
  public private(set) var flights: [UInt64: Flight] = [:]
  /// The cache's size after its last change, for a ``Cache``.
  public private(set) var size: OwnerEvent.CacheSize?
  /// The last event.
  public private(set) var lastEvent: OwnerEvent?

  /// Creates an empty activity for `owner`.
  public init(owner: InspectedOwner) { self.owner = owner }

  /// The flights running now, oldest first.
  public var flightsInFlight: [Flight] { flights.values.sorted { $0.id < $1.id } }

  /// How many callers wait on flights attached to `key` (detached flights do not count).
  public func waiters<Key: Hashable & Sendable>(on key: Key) -> Int {
    flights.values.filter { !$0.isDetached && $0.key?.isEqual(to: key) == true }.reduce(0) { $0 + $1.waiters }
  }

  /// How many callers wait on any running flight.
  public var waiters: Int { flights.values.reduce(0) { $0 + $1.waiters } }

  /// Whether no flight runs.
  public var isIdle: Bool { flights.isEmpty }

  /// Folds one event of this owner in.
  public mutating func apply(_ event: OwnerEvent) {
    lastEvent = event
    switch event.kind {
    case .hit: counters.hits += 1
    case .staleHit: counters.staleHits += 1
    case .miss: counters.misses += 1
    case .started:
      counters.started += 1
      guard let id = event.flight else { break }
      flights[id] = Flight(id: id, kind: event.reason ?? .load, key: event.key, waiters: 0, isDetached: false)
    case .joined:
      if let waiters = event.waiters, waiters > 1 { counters.joins += 1 }
      if let id = event.flight, let waiters = event.waiters { flights[id]?.waiters = waiters }
    case .left:
      if let id = event.flight, let waiters = event.waiters { flights[id]?.waiters = waiters }
    case .abandoned:
      counters.abandoned += 1
      if let id = event.flight { flights[id] = nil }
    case .detached:
      counters.detached += 1
      if let id = event.flight { flights[id]?.isDetached = true }
    case .finished:
      if let id = event.flight { flights[id] = nil }
      if let outcome = event.outcome { count(outcome) }
    case .committed:
      counters.committed += 1
      size = event.size ?? size
    case .removed:
      counters.removed += 1
      size = event.size ?? size
    case .evicted:
      counters.evicted += 1
      size = event.size ?? size
    case .hydrated: size = event.size ?? size
    case .pageAppended: counters.pagesAppended += 1
    case .refreshRefused: counters.refreshesRefused += 1
    case .signedOut: counters.signOuts += 1
    case .saveCoalesced: counters.coalescedSaves += 1
    case .written: counters.writes += 1
    case .writeFailed: counters.writeFailures += 1
    case .movedAside: counters.movedAside += 1
    default: break  // signedIn, loaded, and kinds of an app's own owners
    }
  }

  private mutating func count(_ outcome: OwnerEvent.Outcome) {
    switch outcome {
    case .succeeded: counters.succeeded += 1
    case .failed: counters.failed += 1
    case .rejected: counters.rejected += 1
    case .dropped: counters.dropped += 1
    case .cancelled: counters.cancelled += 1
    }
  }
}

extension OwnerActivity {
  /// Puts a running flight back, for ``Statistics/reset()``.
  mutating func restore(_ flight: Flight) {
    flights[flight.id] = flight
    counters = Counters()
  }
}

extension OwnerActivity {
  /// Takes the lookup counts the owner kept itself, which are exact even when an inspector
  /// skipped hit events.
  mutating func takeLookups(_ lookups: InspectedOwner.Lookups) {
    counters.hits = lookups.hits
    counters.staleHits = lookups.staleHits
    counters.misses = lookups.misses
  }
}
