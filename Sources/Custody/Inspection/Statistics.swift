import Foundation

/// A ready-made inspector that keeps counters, a live picture of every owner it watches and
/// the last events, for a screen, a log line or a test to read.
///
/// ```swift
/// let statistics = Statistics()
/// let products = Cache<Product.ID, Product>(name: "products", inspector: statistics)
/// let feed = Pager<Int, Product>(first: 0, name: "catalog", inspector: statistics) { … }
///
/// let snapshot = statistics.snapshot()
/// for owner in snapshot.owners {
///   print(owner.owner.name, owner.counters.hitRatio ?? 0, owner.flightsInFlight.count)
/// }
/// ```
///
/// Fresh hits are counted but not logged: a busy screen makes thousands, and the log is for
/// what changes things.
public final class Statistics: OwnerInspector {
  /// A logged event with the time it was recorded.
  public struct LoggedEvent: Sendable, CustomStringConvertible {
    /// When the event was recorded.
    public let date: Date
    /// The event.
    public let event: OwnerEvent

    public var description: String { "\(event)" }
  }

  /// Everything the statistics know, as a value a screen can render.
  public struct Snapshot: Sendable {
    /// Each owner watched, in the order it first reported.
    public var owners: [OwnerActivity]
    /// The last events, oldest first.
    public var recentEvents: [LoggedEvent]
    /// Token refreshes started within ``Statistics/refreshWindow`` before the snapshot, per
    /// token store name.
    public var refreshesInWindow: [String: Int]

    /// The activity of the owner named `name`, if it reported anything.
    public func owner(named name: String) -> OwnerActivity? { owners.first { $0.owner.name == name } }
  }

  private struct State {
    var owners: [ObjectIdentifier: Int] = [:]
    var activities: [OwnerActivity] = []
    var log: [LoggedEvent] = []
    var logStart = 0
    var refreshStarts: [(owner: String, at: ContinuousClock.Instant)] = []
    /// The lookups owners had counted at the last reset.
    var baselines: [ObjectIdentifier: InspectedOwner.Lookups] = [:]
  }

  /// How many events the log keeps.
  public let logLimit: Int
  /// The span ``Snapshot/refreshesInWindow`` counts over.
  public let refreshWindow: Duration
  private let state = LockedState(State())

  /// Creates statistics that keep the last `logLimit` events.
  public init(logLimit: Int = 200, refreshWindow: Duration = .seconds(60)) {
    precondition(logLimit > 0, "The log keeps at least one event")
    self.logLimit = logLimit
    self.refreshWindow = refreshWindow
  }

  public func record(_ event: OwnerEvent) {
    if event.kind == .hit { return }  // counted by the owner (see `recordsHits`)
    let logged = LoggedEvent(date: Date(), event: event)
    let refreshStart: ContinuousClock.Instant? =
      event.kind == .started && event.reason == .refresh && event.owner.kind == .tokenStore ? .now : nil
    state.withLock { state in
      let id = ObjectIdentifier(event.owner)
      if let index = state.owners[id] {
        state.activities[index].apply(event)
      } else {
        state.owners[id] = state.activities.count
        var activity = OwnerActivity(owner: event.owner)
        activity.apply(event)
        state.activities.append(activity)
      }
      append(logged, to: &state)
      if let refreshStart { state.refreshStarts.append((event.owner.name, refreshStart)) }
    }
  }

  /// `false`: a cache counts its own hits (``InspectedOwner/lookups``), and ``snapshot()``
  /// reads those counts, so a hit costs these statistics nothing.
  public var recordsHits: Bool { false }

  /// What the statistics know now.
  public func snapshot() -> Snapshot {
    let now = ContinuousClock.now
    var (snapshot, baselines) = state.withLock { state in
      state.refreshStarts.removeAll { $0.at.duration(to: now) > refreshWindow }
      let log = Array(state.log[state.logStart...] + state.log[..<state.logStart])
      let refreshes = Dictionary(state.refreshStarts.map { ($0.owner, 1) }, uniquingKeysWith: +)
      return (Snapshot(owners: state.activities, recentEvents: log, refreshesInWindow: refreshes), state.baselines)
    }
    snapshot.owners = snapshot.owners.map { activity in
      var activity = activity
      if var lookups = activity.owner.lookups {
        if let baseline = baselines[ObjectIdentifier(activity.owner)] {
          lookups.hits -= baseline.hits
          lookups.staleHits -= baseline.staleHits
          lookups.misses -= baseline.misses
        }
        activity.takeLookups(lookups)
      }
      return activity
    }
    return snapshot
  }

  /// Forgets every count and event, keeping the flights in flight.
  public func reset() {
    // Read the owners' own counts before taking this lock: reading them takes an owner's lock,
    // and releasing it may deliver events to this inspector, which takes this lock.
    let owners = state.withLock { $0.activities.map(\.owner) }
    let baselines = Dictionary(
      owners.compactMap { owner in owner.lookups.map { (ObjectIdentifier(owner), $0) } }, uniquingKeysWith: { $1 })
    state.withLock { state in
      state.baselines.merge(baselines) { $1 }
      for index in state.activities.indices {
        var fresh = OwnerActivity(owner: state.activities[index].owner)
        for flight in state.activities[index].flightsInFlight { fresh.restore(flight) }
        state.activities[index] = fresh
      }
      state.log = []
      state.logStart = 0
      state.refreshStarts = []
    }
  }

  private func append(_ event: LoggedEvent, to state: inout State) {
    if state.log.count < logLimit {
      state.log.append(event)
    } else {
      state.log[state.logStart] = event
      state.logStart = (state.logStart + 1) % logLimit
    }
  }
}
