import Custody
import Foundation

/// One owner of the app as the inspector panel and `stats` show it: the activity of every
/// owner with the same name and kind, added up.
///
/// A screen makes a new `LatestTask` each time it opens and a new sort makes a new catalog
/// feed; to a reader they are one "product screen" and one "catalog feed".
public struct OwnerSummary: Sendable, Hashable {
  /// A flight in flight, in words: `load /products/7`, and how many wait on it.
  public struct Flight: Sendable, Hashable {
    public var what: String
    public var waiters: Int
    public var isDetached: Bool

    public init(what: String, waiters: Int, isDetached: Bool = false) {
      self.what = what
      self.waiters = waiters
      self.isDetached = isDetached
    }

    /// `load /products/7 (3 waiting)`; `run` for work nobody joins (a screen's own load).
    public var description: String {
      let notes = [waiters > 0 ? "\(waiters) waiting" : nil, isDetached ? "detached" : nil].compactMap(\.self)
      return notes.isEmpty ? what : "\(what) (\(notes.joined(separator: ", ")))"
    }
  }

  public var name: String
  public var kind: InspectedOwner.Kind
  /// How many owners of this name reported.
  public var instances: Int
  public var counters: OwnerActivity.Counters
  /// What runs now, oldest first.
  public var flights: [Flight]
  /// The size of a cache after its last change.
  public var size: OwnerEvent.CacheSize?

  public init(
    name: String, kind: InspectedOwner.Kind, instances: Int = 1, counters: OwnerActivity.Counters = .init(),
    flights: [Flight] = [], size: OwnerEvent.CacheSize? = nil
  ) {
    self.name = name
    self.kind = kind
    self.instances = instances
    self.counters = counters
    self.flights = flights
    self.size = size
  }

  /// The owners of `activities`, merged by name and kind, in the order they first reported.
  public static func merge(_ activities: [OwnerActivity]) -> [OwnerSummary] {
    var summaries: [OwnerSummary] = []
    for activity in activities {
      let name = EventWords.printable(activity.owner.name)
      let flights = activity.flightsInFlight.map { flight in
        let key = flight.key.map { " " + EventWords.printable($0.description) } ?? ""
        return Flight(what: "\(flight.kind)\(key)", waiters: flight.waiters, isDetached: flight.isDetached)
      }
      if let index = summaries.firstIndex(where: { $0.name == name && $0.kind == activity.owner.kind }) {
        summaries[index].instances += 1
        summaries[index].counters.add(activity.counters)
        summaries[index].flights += flights
        if activity.size != nil { summaries[index].size = activity.size }
      } else {
        summaries.append(
          OwnerSummary(
            name: name, kind: activity.owner.kind, instances: 1, counters: activity.counters, flights: flights,
            size: activity.size))
      }
    }
    return summaries
  }

  /// How many callers wait on what runs now.
  public var waiters: Int { flights.reduce(0) { $0 + $1.waiters } }

  /// The counters that tell this kind of owner's story, such as
  /// `hit 80% · 6 loads · 3 joined · 6 held` for a cache.
  public var highlights: String {
    let c = counters
    var parts: [String]
    switch kind {
    case .cache:
      parts = [c.hitRatio.map { "hit \(Int(($0 * 100).rounded()))%" } ?? "no lookups", count(c.started, "load")]
      parts += [counted(c.joins, "joined"), size.map { "\($0.entries) held" }, counted(c.evicted, "evicted")]
        .compactMap(\.self)
    case .singleFlight:
      parts = [count(c.started, "run")] + [counted(c.joins, "joined")].compactMap(\.self)
    case .pager:
      parts = [count(c.pagesAppended, "page")]
      parts += [counted(c.joins, "joined"), counted(c.dropped, "dropped"), counted(c.abandoned, "abandoned")]
        .compactMap(\.self)
    case .latestTask:
      parts = [count(c.started, "run")]
      parts += [counted(c.dropped, "dropped"), counted(c.cancelled, "cancelled")].compactMap(\.self)
    case .tokenStore:
      parts = [count(c.started, "refresh", plural: "refreshes")]
      parts += [counted(c.joins, "joined"), counted(c.rejected, "rejected"), counted(c.refreshesRefused, "refused")]
        .compactMap(\.self)
    case .fileStore:
      parts = [count(c.writes, "write")]
      parts += [counted(c.coalescedSaves, "coalesced"), counted(c.movedAside, "moved aside")].compactMap(\.self)
    default:
      parts = [count(c.started, "run")]
    }
    if let failed = counted(c.failed + c.writeFailures, "failed") { parts.append(failed) }
    return parts.joined(separator: " · ")
  }

  private func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
  }

  private func counted(_ value: Int, _ word: String) -> String? {
    value == 0 ? nil : "\(value) \(word)"
  }
}

extension OwnerActivity.Counters {
  /// Every counter with the name `stats --json` gives it, in that order.
  static let fields: [(name: String, path: any WritableKeyPath<Self, Int> & Sendable)] = [
    ("hits", \.hits), ("staleHits", \.staleHits), ("misses", \.misses), ("started", \.started), ("joins", \.joins),
    ("succeeded", \.succeeded), ("failed", \.failed), ("rejected", \.rejected), ("dropped", \.dropped),
    ("cancelled", \.cancelled), ("abandoned", \.abandoned), ("detached", \.detached), ("committed", \.committed),
    ("removed", \.removed), ("evicted", \.evicted), ("pagesAppended", \.pagesAppended),
    ("refreshesRefused", \.refreshesRefused), ("signOuts", \.signOuts), ("writes", \.writes),
    ("coalescedSaves", \.coalescedSaves), ("writeFailures", \.writeFailures), ("movedAside", \.movedAside),
  ]

  /// Adds `other`'s counts to these.
  mutating func add(_ other: Self) {
    for field in Self.fields { self[keyPath: field.path] += other[keyPath: field.path] }
  }
}
