/// The bookkeeping of keyed shared work (`SingleFlight`, `Cache`): which operation ("flight")
/// each key is attached to, and who waits on each flight.
///
/// A plain value with no concurrency of its own: the owner keeps it behind its lock and
/// resumes the continuations this table hands back after releasing that lock.
///
/// A flight is *attached* to its key while new callers may join it. Detaching (`forget`,
/// invalidation, a newer `set`) leaves the flight running for the callers that already joined
/// it, but no later caller joins it and, in a cache, its result is not committed.
///
/// Inlinable, so that an owner's hot path is specialized for its key and value types instead of
/// looking up generic metadata for every caller it resumes.
@frozen @usableFromInline
struct FlightTable<Key: Hashable, Value, Tag> {
  @usableFromInline typealias Waiter = CheckedContinuation<Value, any Error>

  @frozen @usableFromInline
  struct Flight {
    @usableFromInline let key: Key
    @usableFromInline let tag: Tag
    /// Kept running with no waiters (a cache's background revalidation).
    @usableFromInline let isOwned: Bool
    @usableFromInline var waiters = Waiters<Waiter>()
    @usableFromInline var task: Task<Void, Never>?

    @inlinable init(key: Key, tag: Tag, isOwned: Bool) {
      self.key = key
      self.tag = tag
      self.isOwned = isOwned
    }
  }

  @usableFromInline var flights: [UInt64: Flight] = [:]
  @usableFromInline var attached: [Key: UInt64] = [:]
  @usableFromInline var ids = FlightIDs()

  @inlinable init() {}

  /// A fresh identifier for a waiter.
  @inlinable mutating func makeID() -> UInt64 { ids.makeID() }

  /// The flight new callers for `key` join, if any.
  @inlinable func attachedFlight(for key: Key) -> (id: UInt64, tag: Tag)? {
    guard let id = attached[key], let flight = flights[id] else { return nil }
    return (id, flight.tag)
  }

  /// The task running the flight `id`, if it still runs.
  @inlinable func task(of id: UInt64) -> Task<Void, Never>? {
    flights[id]?.task
  }

  /// Registers a new flight and attaches it to `key`, detaching whichever flight was attached.
  /// Returns the new flight's identifier and the task of a detached flight nobody waits for.
  @inlinable
  mutating func start(_ key: Key, tag: Tag, isOwned: Bool = false) -> (id: UInt64, orphan: Task<Void, Never>?) {
    let orphan = detach(key)
    let id = ids.makeFlightID()
    flights[id] = Flight(key: key, tag: tag, isOwned: isOwned)
    attached[key] = id
    return (id, orphan)
  }

  @inlinable mutating func setTask(_ task: Task<Void, Never>, for id: UInt64) {
    flights[id]?.task = task
  }

  /// Adds a waiter to a flight. Returns how many callers now wait for it.
  @inlinable @discardableResult
  mutating func join(_ id: UInt64, waiter waiterID: UInt64, continuation: Waiter) -> Int {
    flights[id]?.waiters.append(waiterID, continuation)
    return flights[id]?.waiters.count ?? 0
  }

  /// The number of callers waiting for flight `id`.
  @inlinable func waiterCount(of id: UInt64) -> Int { flights[id]?.waiters.count ?? 0 }

  /// Whether flight `id` has started and not ended.
  @inlinable func contains(_ id: UInt64) -> Bool { flights[id] != nil }

  /// Detaches the flight attached to `key`. Returns its task when nobody waits for it any more,
  /// so the caller can cancel it after releasing its lock.
  @inlinable @discardableResult
  mutating func detach(_ key: Key) -> Task<Void, Never>? {
    guard let id = attached.removeValue(forKey: key) else { return nil }
    guard let flight = flights[id], flight.waiters.isEmpty else { return nil }
    flights[id] = nil
    return flight.task
  }

  /// Removes a waiter of `key` whose task was cancelled. Returns the flight it waited for and
  /// its continuation (nil if it already left) and, when it was the last waiter of a flight the
  /// table does not keep running, that flight's task: the flight is removed and its key is free
  /// at once.
  @inlinable
  mutating func leave(_ waiterID: UInt64, of key: Key) -> FlightExit<Waiter> {
    guard let id = flight(waitedForBy: waiterID, of: key), let waiter = flights[id]?.waiters.remove(waiterID),
      let flight = flights[id]
    else { return FlightExit() }
    var exit = FlightExit(waiter, left: id, remaining: flight.waiters.count)
    guard flight.waiters.isEmpty, !flight.isOwned else { return exit }
    flights[id] = nil
    if attached[flight.key] == id { attached[flight.key] = nil }
    exit.abandon(flight.task)
    return exit
  }

  /// The flight `waiterID` waits for: almost always the one attached to its key, or one that
  /// was detached since the caller joined it.
  @inlinable func flight(waitedForBy waiterID: UInt64, of key: Key) -> UInt64? {
    if let id = attached[key], flights[id]?.waiters.contains(waiterID) == true { return id }
    return flights.first { $0.value.waiters.contains(waiterID) }?.key
  }

  /// Ends a flight. Returns its waiters, in the order they joined, and whether it was still
  /// attached to its key.
  @inlinable
  mutating func finish(_ id: UInt64) -> (waiters: Waiters<Waiter>, wasAttached: Bool) {
    guard let flight = flights.removeValue(forKey: id) else { return (Waiters(), false) }
    let wasAttached = attached[flight.key] == id
    if wasAttached { attached[flight.key] = nil }
    return (flight.waiters, wasAttached)
  }
}
