extension OwnerEvent {
  /// What happened, named by a stable identifier such as `"flight.joined"`.
  ///
  /// A kind is a value, not an enum case: a `switch` over the kinds you handle ends in
  /// `default`, so kinds added later never break it. The raw values never change once
  /// published, so they suit metric labels and log fields. An app's own owner makes kinds of
  /// its own, such as `OwnerEvent.Kind(rawValue: "upload.resumed")`.
  ///
  /// ```swift
  /// switch event.kind {
  /// case .started: print("started", event.reason ?? "")
  /// case .finished: print("finished in", event.duration ?? .zero)
  /// default: break
  /// }
  /// ```
  public struct Kind: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The stable identifier: a family (`cache`, `flight`, `pager`, `tokenStore`, `fileStore`)
    /// and a name.
    public let rawValue: String
    /// The values an owner recorded with the kind; not part of its identity.
    let details: Details

    /// A kind named `rawValue`.
    public init(rawValue: String) { self.init(rawValue, Details()) }

    init(_ rawValue: String, _ details: Details) {
      self.rawValue = rawValue
      self.details = details
    }

    public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }

    /// A fresh value was returned without loading (Cache).
    public static let hit = Kind(rawValue: "cache.hit")
    /// A stale value was returned at once; a revalidation runs or is started (Cache).
    public static let staleHit = Kind(rawValue: "cache.staleHit")
    /// No usable value: the caller waits for a load (Cache).
    public static let miss = Kind(rawValue: "cache.miss")
    /// Work started: ``OwnerEvent/flight``, for ``OwnerEvent/reason``. Each owner numbers its
    /// flights 1, 2, 3, … in the order they start.
    public static let started = Kind(rawValue: "flight.started")
    /// A caller now waits for the flight; ``OwnerEvent/waiters`` callers wait in all.
    public static let joined = Kind(rawValue: "flight.joined")
    /// A caller stopped waiting (its task was cancelled); ``OwnerEvent/waiters`` still wait.
    public static let left = Kind(rawValue: "flight.left")
    /// The last caller left, so the work was cancelled and its result is lost.
    public static let abandoned = Kind(rawValue: "flight.abandoned")
    /// The flight goes on for its callers, but no new caller joins it and its result is not
    /// kept; ``OwnerEvent/reason`` says what detached it.
    public static let detached = Kind(rawValue: "flight.detached")
    /// The flight ended after ``OwnerEvent/duration`` with ``OwnerEvent/outcome``.
    public static let finished = Kind(rawValue: "flight.finished")
    /// A value was stored (Cache): a load's, a refresh's, a revalidation's or `set`'s.
    public static let committed = Kind(rawValue: "cache.committed")
    /// A value was removed by `invalidate` or `removeAll` (Cache).
    public static let removed = Kind(rawValue: "cache.removed")
    /// A value was evicted to stay within the limit ``OwnerEvent/reason`` names (Cache).
    public static let evicted = Kind(rawValue: "cache.evicted")
    /// A page added ``OwnerEvent/items`` items to the list (Pager).
    public static let pageAppended = Kind(rawValue: "pager.pageAppended")
    /// The refresh budget is used up; another refresh is allowed after ``OwnerEvent/duration``.
    public static let refreshRefused = Kind(rawValue: "tokenStore.refreshRefused")
    /// A credential was stored by `signIn` (TokenStore).
    public static let signedIn = Kind(rawValue: "tokenStore.signedIn")
    /// The session ended, for ``OwnerEvent/reason`` (TokenStore).
    public static let signedOut = Kind(rawValue: "tokenStore.signedOut")
    /// The file was read; ``OwnerEvent/reason`` is ``Reason/usedDefault`` when the default
    /// value is used (FileStore).
    public static let loaded = Kind(rawValue: "fileStore.loaded")
    /// A save was folded into a write already scheduled (FileStore).
    public static let saveCoalesced = Kind(rawValue: "fileStore.saveCoalesced")
    /// The value was written to disk in ``OwnerEvent/duration`` (FileStore).
    public static let written = Kind(rawValue: "fileStore.written")
    /// Writing failed with ``OwnerEvent/outcome``; the file keeps its previous contents.
    public static let writeFailed = Kind(rawValue: "fileStore.writeFailed")
    /// The file was corrupt or unreadable (``OwnerEvent/reason``) and was moved aside.
    public static let movedAside = Kind(rawValue: "fileStore.movedAside")
    /// A write's expected change now shows over the cached value; ``OwnerEvent/flight``
    /// numbers the write: each cache numbers its writes 1, 2, 3, … in the order they begin,
    /// apart from its flights (Cache).
    public static let layerAdded = Kind(rawValue: "cache.layerAdded")
    /// A write succeeded: its answer is the cached value and its layer is gone (Cache).
    public static let writeCommitted = Kind(rawValue: "cache.writeCommitted")
    /// A write failed: its layer is gone and the other layers stay (Cache).
    public static let writeRolledBack = Kind(rawValue: "cache.writeRolledBack")
    /// A persisted cache was filled from its file when it opened: ``OwnerEvent/items`` values
    /// were hydrated and ``OwnerEvent/size`` is held. ``OwnerEvent/reason`` names why the
    /// file's values were dropped, if they were: ``Reason/schemaChanged``, ``Reason/corrupt``
    /// or ``Reason/unreadable`` (Cache).
    public static let hydrated = Kind(rawValue: "cache.hydrated")
  }

  /// The values a kind carries, as the owners record them.
  struct Details: Sendable {
    var flight: UInt64?
    var waiters: Int?
    var duration: Duration?
    var outcome: Outcome?
    var reason: Reason?
    var size: CacheSize?
    var items: Int?
  }
}

// The owners record kinds with their values in one expression, `.joined(id, waiters: n)`.
extension OwnerEvent.Kind {
  typealias Details = OwnerEvent.Details
  typealias Reason = OwnerEvent.Reason

  @usableFromInline static func started(_ id: UInt64, _ reason: OwnerEvent.Reason) -> Self {
    .init(started.rawValue, .init(flight: id, reason: reason))
  }
  @usableFromInline static func joined(_ id: UInt64, waiters: Int) -> Self {
    .init(joined.rawValue, .init(flight: id, waiters: waiters))
  }
  @usableFromInline static func left(_ id: UInt64, waiters: Int) -> Self {
    .init(left.rawValue, .init(flight: id, waiters: waiters))
  }
  @usableFromInline static func abandoned(_ id: UInt64) -> Self { .init(abandoned.rawValue, .init(flight: id)) }
  @usableFromInline static func detached(_ id: UInt64, _ reason: OwnerEvent.Reason) -> Self {
    .init(detached.rawValue, .init(flight: id, reason: reason))
  }
  @usableFromInline static func finished(_ id: UInt64, duration: Duration, outcome: OwnerEvent.Outcome) -> Self {
    .init(finished.rawValue, .init(flight: id, duration: duration, outcome: outcome))
  }
  @usableFromInline static func committed(size: OwnerEvent.CacheSize) -> Self {
    .init(committed.rawValue, .init(size: size))
  }
  @usableFromInline static func removed(size: OwnerEvent.CacheSize) -> Self {
    .init(removed.rawValue, .init(size: size))
  }
  @usableFromInline static func evicted(_ reason: OwnerEvent.Reason, size: OwnerEvent.CacheSize) -> Self {
    .init(evicted.rawValue, .init(reason: reason, size: size))
  }
  @usableFromInline static func pageAppended(items: Int, listed: Int) -> Self {
    .init(pageAppended.rawValue, .init(size: .init(entries: listed, cost: listed), items: items))
  }
  @usableFromInline static func refreshRefused(retryAfter: Duration) -> Self {
    .init(refreshRefused.rawValue, .init(duration: retryAfter))
  }
  @usableFromInline static func signedOut(_ reason: TokenStore.SignOutReason) -> Self {
    .init(signedOut.rawValue, .init(reason: Reason(reason)))
  }
  @usableFromInline static func loaded(usedDefault: Bool) -> Self {
    .init(loaded.rawValue, .init(reason: usedDefault ? .usedDefault : nil))
  }
  @usableFromInline static func written(duration: Duration) -> Self {
    .init(written.rawValue, .init(duration: duration))
  }
  @usableFromInline static func writeFailed(_ category: FailureCategory) -> Self {
    .init(writeFailed.rawValue, .init(outcome: .failed(category)))
  }
  static func hydrated(_ count: Int, size: OwnerEvent.CacheSize, problem: OwnerEvent.Reason?) -> Self {
    .init(hydrated.rawValue, .init(reason: problem, size: size, items: count))
  }
  static func layerAdded(_ id: UInt64) -> Self { .init(layerAdded.rawValue, .init(flight: id)) }
  static func writeCommitted(_ id: UInt64) -> Self { .init(writeCommitted.rawValue, .init(flight: id)) }
  static func writeRolledBack(_ id: UInt64) -> Self { .init(writeRolledBack.rawValue, .init(flight: id)) }
  @usableFromInline static func movedAside(corrupt: Bool) -> Self {
    .init(movedAside.rawValue, .init(reason: corrupt ? .corrupt : .unreadable))
  }
}
