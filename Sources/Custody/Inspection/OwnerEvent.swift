/// One thing an owner did, as an ``OwnerInspector`` receives it.
///
/// Work that callers wait for (a cache load, a single-flight operation, a page fetch, a token
/// refresh, a ``LatestTask`` run) is a *flight*, numbered per owner. Its events follow one
/// order: ``Kind/started(_:_:)`` first; then any number of ``Kind/joined(_:waiters:)``,
/// ``Kind/left(_:waiters:)`` and at most one ``Kind/detached(_:_:)``; then exactly one of
/// ``Kind/finished(_:duration:outcome:)`` or ``Kind/abandoned(_:)``. What each owner reports
/// is listed in its own documentation and in the article "Watching your owners".
public struct OwnerEvent: Sendable, CustomStringConvertible {
  /// The owner the event happened to.
  public let owner: InspectedOwner
  /// What happened.
  public let kind: Kind
  /// The key it happened to, for keyed owners.
  public let key: InspectedKey?

  /// Creates an event; owners make them, and tests of inspectors may too.
  public init(owner: InspectedOwner, kind: Kind, key: InspectedKey? = nil) {
    self.owner = owner
    self.kind = kind
    self.key = key
  }

  public var description: String {
    [owner.name, kind.description, key?.description].compactMap(\.self).joined(separator: " ")
  }
}

extension OwnerEvent {
  /// What happened.
  public enum Kind: Sendable, Hashable, CustomStringConvertible {
    // MARK: Lookups (Cache)

    /// A fresh value was returned without loading.
    case hit
    /// A stale value was returned at once; a revalidation runs or is started.
    case staleHit
    /// No usable value: the caller waits for a load.
    case miss

    // MARK: Flights (every owner that runs work for callers)

    /// Work started: flight `id`, for the reason given. Each owner numbers its flights 1, 2, 3, …
    /// in the order they start.
    case started(_ id: UInt64, FlightKind)
    /// A caller now waits for flight `id`; `waiters` callers wait in all.
    case joined(_ id: UInt64, waiters: Int)
    /// A caller stopped waiting for flight `id` (its task was cancelled); `waiters` still wait.
    case left(_ id: UInt64, waiters: Int)
    /// The last caller of flight `id` left, so the work was cancelled and its result is lost.
    case abandoned(_ id: UInt64)
    /// Flight `id` goes on for the callers that wait for it, but no new caller joins it and its
    /// result is not kept.
    case detached(_ id: UInt64, DetachReason)
    /// Flight `id` ended after `duration`.
    case finished(_ id: UInt64, duration: Duration, outcome: Outcome)

    // MARK: Values (Cache, Pager)

    /// A value was stored (Cache): a load's, a refresh's, a revalidation's or `set`'s. `size`
    /// is the cache's size after it.
    case committed(size: CacheSize)
    /// A value was removed by `invalidate` or `removeAll` (Cache).
    case removed(size: CacheSize)
    /// A value was evicted to stay within the policy's limits (Cache).
    case evicted(EvictionReason, size: CacheSize)
    /// A page was added to the list (Pager): `items` new items, `listed` in all.
    case pageAppended(items: Int, listed: Int)

    // MARK: Sessions (TokenStore)

    /// The refresh budget is used up; no refresh started. Another is allowed after `retryAfter`.
    case refreshRefused(retryAfter: Duration)
    /// A credential was stored by `signIn`.
    case signedIn
    /// The session ended.
    case signedOut(TokenStore.SignOutReason)

    // MARK: Files (FileStore)

    /// The file was read; `recovered` is true when it was missing, corrupt or unreadable and
    /// the default value is used.
    case loaded(usedDefault: Bool)
    /// A save was folded into a write already scheduled.
    case saveCoalesced
    /// The value was written to disk.
    case written(duration: Duration)
    /// Writing failed; the file keeps its previous contents.
    case writeFailed(FailureCategory)
    /// The file was corrupt (`true`) or unreadable (`false`) and was moved aside.
    case movedAside(corrupt: Bool)

    public var description: String {
      switch self {
      case .hit: "hit"
      case .staleHit: "stale hit"
      case .miss: "miss"
      case .started(let id, let kind): "\(kind) #\(id) started"
      case .joined(let id, let waiters): "joined #\(id) (\(waiters) waiting)"
      case .left(let id, let waiters): "left #\(id) (\(waiters) waiting)"
      case .abandoned(let id): "#\(id) abandoned"
      case .detached(let id, let reason): "#\(id) detached by \(reason)"
      case .finished(let id, let duration, let outcome): "#\(id) \(outcome) in \(duration.inspectorText)"
      case .committed: "stored"
      case .removed: "removed"
      case .evicted(let reason, _): "evicted (\(reason))"
      case .pageAppended(let items, let listed): "page +\(items) (\(listed) listed)"
      case .refreshRefused(let delay): "refresh refused for \(delay.inspectorText)"
      case .signedIn: "signed in"
      case .signedOut(let reason): "signed out (\(reason))"
      case .loaded(let usedDefault): usedDefault ? "loaded the default value" : "loaded"
      case .saveCoalesced: "save coalesced"
      case .written(let duration): "written in \(duration.inspectorText)"
      case .writeFailed(let category): "write failed (\(category))"
      case .movedAside(let corrupt): corrupt ? "corrupt file moved aside" : "unreadable file moved aside"
      }
    }
  }

  /// Why a flight runs.
  public enum FlightKind: String, Sendable, Hashable, CustomStringConvertible {
    /// A caller found no usable value (Cache) or asked for it (SingleFlight).
    case load
    /// A caller asked for a new value whatever is held (Cache, Pager, TokenStore).
    case refresh
    /// The cache renews a stale value in the background.
    case revalidation
    /// The next page of a list (Pager).
    case nextPage = "next page"
    /// A run of a screen's load (LatestTask).
    case run

    public var description: String { rawValue }
  }

  /// Why a flight was detached.
  public enum DetachReason: String, Sendable, Hashable, CustomStringConvertible {
    /// `invalidate(_:)` (Cache).
    case invalidate
    /// `removeAll()` (Cache).
    case removeAll
    /// `set(_:for:)` (Cache).
    case set
    /// `forget(_:)` (SingleFlight).
    case forget
    /// A refresh replaced it (Cache, Pager).
    case refresh
    /// A newer run started (LatestTask).
    case newerRun = "a newer run"
    /// `supersede()` (LatestTask) or a sign-in or sign-out during a refresh (TokenStore).
    case supersede

    public var description: String { rawValue }
  }

  /// How a flight ended.
  public enum Outcome: Sendable, Hashable, CustomStringConvertible {
    /// It produced a value, which its callers got (and, where the owner keeps values and the
    /// flight was not detached, which was stored).
    case succeeded
    /// It failed; its callers got the error.
    case failed(FailureCategory)
    /// The server rejected a token refresh: the session ended (TokenStore).
    case rejected
    /// It finished after being replaced; its result was dropped (a stale page, a superseded run,
    /// a refresh after sign-out).
    case dropped
    /// It was cancelled (LatestTask's ``LatestTask/cancel()`` or its caller's task).
    case cancelled

    public var description: String {
      switch self {
      case .succeeded: "succeeded"
      case .failed(let category): "failed (\(category))"
      case .rejected: "rejected"
      case .dropped: "dropped"
      case .cancelled: "cancelled"
      }
    }
  }

  /// How much a ``Cache`` holds.
  public struct CacheSize: Sendable, Hashable {
    /// The number of values.
    public var entries: Int
    /// Their total cost, as the cache's cost function measures it.
    public var cost: Int

    public init(entries: Int, cost: Int) {
      self.entries = entries
      self.cost = cost
    }
  }

  /// Which limit of the policy an eviction keeps.
  public enum EvictionReason: String, Sendable, Hashable, CustomStringConvertible {
    case countLimit = "count limit"
    case costLimit = "cost limit"

    public var description: String { rawValue }
  }
}

extension Duration {
  /// A short reading, in milliseconds below a minute.
  var inspectorText: String {
    let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    if milliseconds < 10 { return "\((milliseconds * 10).rounded() / 10) ms" }
    if milliseconds < 60_000 { return "\(Int(milliseconds.rounded())) ms" }
    return "\(Int((milliseconds / 1000).rounded())) s"
  }
}
