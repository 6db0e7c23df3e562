extension OwnerEvent {
  /// Why something happened, named by a stable identifier such as `"newerRun"`: why a flight
  /// runs, what detached it, the limit an eviction keeps, why a session ended, or what a file
  /// held.
  ///
  /// Like ``Kind``, a value rather than an enum case, so a `switch` ends in `default` and
  /// later reasons never break it; raw values never change once published. Its description is
  /// the words a person reads ("a newer run").
  public struct Reason: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The stable identifier.
    public let rawValue: String

    /// A reason named `rawValue`; an app's own owner may make its own.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { Self.words[rawValue] ?? rawValue }

    /// A caller found no usable value (Cache) or asked for it (SingleFlight).
    public static let load = Reason(rawValue: "load")
    /// A caller asked for a new value whatever is held (Cache, Pager, TokenStore); or a
    /// refresh replaced the flight (Cache, Pager).
    public static let refresh = Reason(rawValue: "refresh")
    /// The cache renews a stale value in the background.
    public static let revalidation = Reason(rawValue: "revalidation")
    /// A load the cache started ahead of need, at low priority (Cache).
    public static let prefetch = Reason(rawValue: "prefetch")
    /// A write through the cache committed its answer (Cache).
    public static let write = Reason(rawValue: "write")
    /// `revalidate(_:)`, or a write that names the key (Cache).
    public static let revalidate = Reason(rawValue: "revalidate")
    /// The app became active again (``LifecycleEvent/didBecomeActive``).
    public static let becameActive = Reason(rawValue: "becameActive")
    /// The network came back (``LifecycleEvent/didReconnect``).
    public static let reconnected = Reason(rawValue: "reconnected")
    /// The policy's polling interval passed for a watched key (Cache).
    public static let poll = Reason(rawValue: "poll")
    /// The next page of a list (Pager).
    public static let nextPage = Reason(rawValue: "nextPage")
    /// A run of a screen's load (LatestTask).
    public static let run = Reason(rawValue: "run")
    /// `invalidate(_:)` (Cache).
    public static let invalidate = Reason(rawValue: "invalidate")
    /// `removeAll()` (Cache).
    public static let removeAll = Reason(rawValue: "removeAll")
    /// `set(_:for:)` (Cache).
    public static let set = Reason(rawValue: "set")
    /// `reset()` (Pager).
    public static let reset = Reason(rawValue: "reset")
    /// `forget(_:)` (SingleFlight).
    public static let forget = Reason(rawValue: "forget")
    /// A newer run started (LatestTask).
    public static let newerRun = Reason(rawValue: "newerRun")
    /// `supersede()` (LatestTask) or a sign-in or sign-out during a refresh (TokenStore).
    public static let supersede = Reason(rawValue: "supersede")
    /// The policy's count limit (Cache).
    public static let countLimit = Reason(rawValue: "countLimit")
    /// The policy's cost limit (Cache).
    public static let costLimit = Reason(rawValue: "costLimit")
    /// `trim(toCost:)` (Cache).
    public static let trim = Reason(rawValue: "trim")
    /// The system ran short of memory (Cache).
    public static let memoryPressure = Reason(rawValue: "memoryPressure")
    /// Nobody used the value for the policy's ``CachePolicy/removesUnusedAfter`` (Cache).
    public static let unused = Reason(rawValue: "unused")
    /// The file was written by another version of the cache's schema, so its values were
    /// dropped (Cache, see ``CachePersistenceError/schemaChanged(_:found:expected:)``).
    public static let schemaChanged = Reason(rawValue: "schemaChanged")
    /// The file was missing, corrupt or unreadable, so the default value is used (FileStore).
    public static let usedDefault = Reason(rawValue: "usedDefault")
    /// The file could not be decoded (FileStore).
    public static let corrupt = Reason(rawValue: "corrupt")
    /// The file could not be read (FileStore).
    public static let unreadable = Reason(rawValue: "unreadable")

    private static let words = [
      "nextPage": "next page", "newerRun": "a newer run", "countLimit": "count limit",
      "costLimit": "cost limit", "memoryPressure": "memory pressure", "usedDefault": "the default value",
      "notSignedIn": "not signed in", "becameActive": "became active",
      "schemaChanged": "schema changed",
      "userSignedOut": "the user signed out", "sessionExpired": "the session expired",
    ]
  }
}

extension OwnerEvent.Reason {
  /// The reason a session ended, named like the case of ``TokenStore/SignOutReason``.
  init(_ reason: TokenStore.SignOutReason) {
    switch reason {
    case .notSignedIn: self.init(rawValue: "notSignedIn")
    case .userSignedOut: self.init(rawValue: "userSignedOut")
    case .sessionExpired: self.init(rawValue: "sessionExpired")
    }
  }
}

extension OwnerEvent {
  /// The event in a few words, without its owner and key.
  var summary: String {
    let id = flight.map { "#\($0)" } ?? ""
    let waiting = waiters.map { "(\($0) waiting)" } ?? ""
    let reason = self.reason?.description ?? ""
    return switch kind {
    case .hit: "hit"
    case .staleHit: "stale hit"
    case .miss: "miss"
    case .started: "\(reason) \(id) started"
    case .joined: "joined \(id) \(waiting)"
    case .left: "left \(id) \(waiting)"
    case .abandoned: "\(id) abandoned"
    case .detached: "\(id) detached by \(reason)"
    case .finished: "\(id) \(outcome?.description ?? "ended") in \((duration ?? .zero).inspectorText)"
    case .committed: "stored"
    case .removed: "removed"
    case .evicted: "evicted (\(reason))"
    case .pageAppended: "page +\(items ?? 0) (\(size?.entries ?? 0) listed)"
    case .refreshRefused: "refresh refused for \((duration ?? .zero).inspectorText)"
    case .signedIn: "signed in"
    case .signedOut: "signed out (\(reason))"
    case .loaded: self.reason == .usedDefault ? "loaded the default value" : "loaded"
    case .saveCoalesced: "save coalesced"
    case .written: "written in \((duration ?? .zero).inspectorText)"
    case .writeFailed:
      if case .failed(let category) = outcome { "write failed (\(category))" } else { "write failed" }
    case .layerAdded: "write \(id) layered"
    case .writeCommitted: "write \(id) committed"
    case .writeRolledBack: "write \(id) rolled back"
    case .hydrated: "hydrated \(items ?? 0)" + (self.reason.map { " (\($0))" } ?? "")
    case .movedAside: self.reason == .corrupt ? "corrupt file moved aside" : "unreadable file moved aside"
    default: [kind.rawValue, id, reason].filter { !$0.isEmpty }.joined(separator: " ")
    }
  }
}

extension OwnerEvent {
  // The owners' names for the reasons they record.
  typealias FlightKind = Reason
  typealias DetachReason = Reason
  typealias EvictionReason = Reason
}
