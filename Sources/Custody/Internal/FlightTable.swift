/// The bookkeeping that `SingleFlight` and `Cache` share: which operation ("flight") each key
/// is attached to, and who waits on each flight.
///
/// A plain value with no concurrency of its own: the owner keeps it behind its lock and
/// resumes the continuations this table hands back after releasing that lock.
///
/// A flight is *attached* to its key while new callers may join it. Detaching (`forget`,
/// invalidation, a newer `set`) leaves the flight running for the callers that already joined
/// it, but no later caller joins it and, in a cache, its result is not committed.
struct FlightTable<Key: Hashable, Value, Tag> {
  typealias Waiter = CheckedContinuation<Value, any Error>

  struct Flight {
    let key: Key
    let tag: Tag
    /// Kept running with no waiters (a cache's background revalidation).
    let isOwned: Bool
    var waiters: [UInt64: Waiter] = [:]
    var task: Task<Void, Never>?
  }

  private(set) var flights: [UInt64: Flight] = [:]
  private(set) var attached: [Key: UInt64] = [:]
  private var waiterFlights: [UInt64: UInt64] = [:]
  private var lastID: UInt64 = 0
  /// Flights count on their own, so the flights of one owner read #1, #2, … in its events.
  private var lastFlightID: UInt64 = 0

  /// A fresh identifier for a waiter.
  mutating func makeID() -> UInt64 {
    lastID &+= 1
    return lastID
  }

  /// The flight new callers for `key` join, if any.
  func attachedFlight(for key: Key) -> (id: UInt64, tag: Tag)? {
    guard let id = attached[key], let flight = flights[id] else { return nil }
    return (id, flight.tag)
  }

  /// The task running the flight `id`, if it still runs.
  func task(of id: UInt64) -> Task<Void, Never>? {
    flights[id]?.task
  }

  /// Registers a new flight and attaches it to `key`, detaching whichever flight was attached.
  /// Returns the new flight's identifier and the task of a detached flight nobody waits for.
  mutating func start(_ key: Key, tag: Tag, isOwned: Bool = false) -> (id: UInt64, orphan: Task<Void, Never>?) {
    let orphan = detach(key)
    lastFlightID &+= 1
    let id = lastFlightID
    flights[id] = Flight(key: key, tag: tag, isOwned: isOwned)
    attached[key] = id
    return (id, orphan)
  }

  mutating func setTask(_ task: Task<Void, Never>, for id: UInt64) {
    flights[id]?.task = task
  }

  /// Adds a waiter to a flight. Returns how many callers now wait for it.
  @discardableResult
  mutating func join(_ id: UInt64, waiter waiterID: UInt64, continuation: Waiter) -> Int {
    flights[id]?.waiters[waiterID] = continuation
    waiterFlights[waiterID] = id
    return flights[id]?.waiters.count ?? 0
  }

  /// The number of callers waiting for flight `id`.
  func waiterCount(of id: UInt64) -> Int { flights[id]?.waiters.count ?? 0 }

  /// The flight the waiter `waiterID` waits for, if it still does.
  func flight(ofWaiter waiterID: UInt64) -> UInt64? { waiterFlights[waiterID] }

  /// Whether flight `id` has started and not ended.
  func contains(_ id: UInt64) -> Bool { flights[id] != nil }

  /// Detaches the flight attached to `key`. Returns its task when nobody waits for it any more,
  /// so the caller can cancel it after releasing its lock.
  @discardableResult
  mutating func detach(_ key: Key) -> Task<Void, Never>? {
    guard let id = attached.removeValue(forKey: key) else { return nil }
    guard let flight = flights[id], flight.waiters.isEmpty else { return nil }
    flights[id] = nil
    return flight.task
  }

  /// Detaches every flight. Returns the tasks nobody waits for any more.
  mutating func detachAll() -> [Task<Void, Never>] {
    attached.keys.compactMap { detach($0) }
  }

  /// Removes a waiter whose task was cancelled. Returns its continuation (nil if it already
  /// left) and, when it was the last waiter of a flight the table does not keep running, that
  /// flight's task: the flight is removed and its key is free at once.
  mutating func leave(_ waiterID: UInt64) -> (waiter: Waiter?, cancel: Task<Void, Never>?) {
    guard let id = waiterFlights.removeValue(forKey: waiterID),
      let waiter = flights[id]?.waiters.removeValue(forKey: waiterID)
    else { return (nil, nil) }
    guard let flight = flights[id], flight.waiters.isEmpty, !flight.isOwned else { return (waiter, nil) }
    flights[id] = nil
    if attached[flight.key] == id { attached[flight.key] = nil }
    return (waiter, flight.task)
  }

  /// Ends a flight. Returns its waiters and whether it was still attached to its key.
  mutating func finish(_ id: UInt64) -> (waiters: [Waiter], wasAttached: Bool) {
    guard let flight = flights.removeValue(forKey: id) else { return ([], false) }
    for waiterID in flight.waiters.keys { waiterFlights[waiterID] = nil }
    let wasAttached = attached[flight.key] == id
    if wasAttached { attached[flight.key] = nil }
    return (Array(flight.waiters.values), wasAttached)
  }
}
