/// One thing an owner did, as an ``OwnerInspector`` receives it.
///
/// An event is a ``Kind`` (a stable name such as `"flight.joined"`), the owner and key it
/// happened to, when it happened on the owner's clock, and the few values that kind carries
/// (``flight``, ``waiters``, ``duration``, ``outcome``, ``reason``, ``size``, ``items``); the
/// others are `nil`.
///
/// Work that callers wait for (a cache load, a single-flight operation, a page fetch, a token
/// refresh, a ``LatestTask`` run) is a *flight*, numbered per owner. Its events follow one
/// order: ``Kind/started`` first; then any number of ``Kind/joined`` and ``Kind/left`` and at
/// most one ``Kind/detached``; then exactly one of ``Kind/finished`` or ``Kind/abandoned``.
/// What each owner reports is listed in its own documentation and in the article "Watching
/// your owners".
public struct OwnerEvent: Sendable, CustomStringConvertible {
  /// The owner the event happened to.
  public let owner: InspectedOwner
  /// What happened.
  public let kind: Kind
  /// The key it happened to, for keyed owners.
  public let key: InspectedKey?
  /// When it happened: the time since the owner was made, on the owner's clock (the clock a
  /// ``Cache`` or ``TokenStore`` was given; a `ContinuousClock` for the others).
  public let time: Duration
  /// The flight it is about: for ``Kind/started``, ``Kind/joined``, ``Kind/left``,
  /// ``Kind/detached``, ``Kind/finished`` and ``Kind/abandoned``.
  public let flight: UInt64?
  /// How many callers wait for the flight now, for ``Kind/joined`` and ``Kind/left``.
  public let waiters: Int?
  /// How long it took on the owner's clock (``Kind/finished``, ``Kind/written``), or how long
  /// until a refresh is allowed again (``Kind/refreshRefused``).
  public let duration: Duration?
  /// How the flight or write ended, for ``Kind/finished`` and ``Kind/writeFailed``.
  public let outcome: Outcome?
  /// Why: the flight's kind of work (``Kind/started``), what detached it (``Kind/detached``),
  /// the limit an eviction keeps (``Kind/evicted``), why a session ended (``Kind/signedOut``),
  /// or what a file held (``Kind/loaded``, ``Kind/movedAside``, ``Kind/hydrated``).
  public let reason: Reason?
  /// How much a cache holds after the event (``Kind/committed``, ``Kind/removed``,
  /// ``Kind/evicted``, ``Kind/hydrated``), or how many items a pager lists (``Kind/pageAppended``: `entries` and
  /// `cost` both count the items).
  public let size: CacheSize?
  /// How many items a page added, for ``Kind/pageAppended``, or how many values a cache read
  /// from its file, for ``Kind/hydrated``.
  public let items: Int?

  /// Creates an event; owners make them, and so may an app's own owner or a test of an
  /// inspector. Leave `nil` what the kind does not carry.
  public init(
    owner: InspectedOwner, kind: Kind, key: InspectedKey? = nil, time: Duration = .zero, flight: UInt64? = nil,
    waiters: Int? = nil, duration: Duration? = nil, outcome: Outcome? = nil, reason: Reason? = nil,
    size: CacheSize? = nil, items: Int? = nil
  ) {
    self.owner = owner
    self.kind = kind
    self.key = key
    self.time = time
    self.flight = flight
    self.waiters = waiters
    self.duration = duration
    self.outcome = outcome
    self.reason = reason
    self.size = size
    self.items = items
  }

  /// An event of `kind` as an owner recorded it, with the values `kind` carries.
  init(owner: InspectedOwner, recorded kind: Kind, key: InspectedKey?, time: Duration) {
    let details = kind.details
    self.init(
      owner: owner, kind: Kind(rawValue: kind.rawValue), key: key, time: time, flight: details.flight,
      waiters: details.waiters, duration: details.duration, outcome: details.outcome, reason: details.reason,
      size: details.size, items: details.items)
  }

  public var description: String {
    [owner.name, summary, key?.description].compactMap(\.self).joined(separator: " ")
  }
}

extension OwnerEvent {
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
