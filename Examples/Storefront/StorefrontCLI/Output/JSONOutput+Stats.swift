import Custody

extension JSONOutput {
  /// `stats`: every owner's counters after the scripted browse.
  public struct Stats: Encodable, Sendable {
    public var owners: [Owner]
    /// What the scripted browse did, in order.
    public var steps: [String]

    /// The JSON of `owners`, after the scripted browse `steps`.
    public init(owners: [OwnerSummary], steps: [String]) {
      self.owners = owners.map(Owner.init)
      self.steps = steps
    }

    /// One owner, or every owner of one name and kind added up.
    public struct Owner: Encodable, Sendable {
      public var name: String
      /// `Cache`, `SingleFlight`, `Pager`, `TokenStore`, `FileStore` or `LatestTask`.
      public var kind: String
      /// How many owners of this name reported (a screen makes one `LatestTask` each time it opens).
      public var instances: Int
      /// Every counter, always all of them.
      public var counters: [String: Int]
      /// Fresh and stale hits over lookups, for a cache that had lookups; otherwise `null`.
      public var hitRatio: Double?
      /// Values a cache holds; `null` for other owners.
      public var entries: Int?
      /// What still runs.
      public var inFlight: [Flight]

      init(_ summary: OwnerSummary) {
        name = summary.name
        kind = summary.kind.rawValue
        instances = summary.instances
        counters = Dictionary(
          uniqueKeysWithValues: OwnerActivity.Counters.fields.map { ($0.name, summary.counters[keyPath: $0.path]) })
        hitRatio = summary.counters.hitRatio
        entries = summary.size?.entries
        inFlight = summary.flights.map { Flight(what: $0.what, waiting: $0.waiters, detached: $0.isDetached) }
      }

      enum CodingKeys: String, CodingKey { case name, kind, instances, counters, hitRatio, entries, inFlight }

      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(instances, forKey: .instances)
        try container.encode(counters, forKey: .counters)
        try container.encode(hitRatio, forKey: .hitRatio)
        try container.encode(entries, forKey: .entries)
        try container.encode(inFlight, forKey: .inFlight)
      }
    }

    /// Work in flight: `{"detached": false, "waiting": 2, "what": "load /products/7"}`.
    public struct Flight: Encodable, Sendable {
      public var what: String
      public var waiting: Int
      public var detached: Bool
    }
  }
}
