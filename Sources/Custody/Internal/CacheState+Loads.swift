/// Who joins which load, and which load may commit: the cache's rules C3–C5 as plain state
/// transitions. `Cache` runs the loads and resumes their callers.
extension CacheState {
  /// What a caller of `value(for:)` or `refresh(_:)` does next.
  @frozen @usableFromInline
  enum Admission {
    /// A usable value: return it.
    case hit(Value)
    /// A stale value and no load attached: return it, and start a background revalidation.
    case hitAndRevalidate(Value)
    /// Wait for the load that is attached to the key.
    case join(UInt64)
    /// Start a load of the caller's kind, detaching whichever load is attached.
    case start
  }

  /// Decides for a caller of `key`. A plain load joins whatever load is attached (a refresh or
  /// revalidation included); a refresh joins only another refresh, since a load that started
  /// before it may return an older value (C4). Invalidation and `set` detach a load, so no call
  /// made after them joins it (C3, C5).
  ///
  /// With `recording`, the lookup is counted and reported as a hit, a stale hit or a miss.
  @inlinable
  mutating func admit(_ key: Key, as kind: LoadKind, now: Duration, recording: Bool) -> Admission {
    let attached = flights.attachedFlight(for: key)
    guard kind == .load else { return attached.map { $0.tag == .refresh ? .join($0.id) : .start } ?? .start }
    let found = lookup(key, now: now)
    if recording, inspection != nil { report(found, for: key) }
    switch found {
    case .fresh(let value): return .hit(value)
    case .stale(let value): return attached == nil ? .hitAndRevalidate(value) : .hit(value)
    case .expired, .missing: return attached.map { .join($0.id) } ?? .start
    }
  }

  /// Ends load `id`. Its result is committed only while the load is still attached: a load
  /// detached by an invalidation or a later `set` never writes (C3, C5); a failure keeps the
  /// previous value (C9). Returns the callers to answer, in the order they joined, and what they
  /// get: the result with the key's pending writes replayed over it (M2).
  @inlinable
  mutating func finishLoad(
    _ id: UInt64, key: Key, with result: Result<Value, any Error>, cost: Int?, now: Duration, duration: Duration?
  ) -> (waiters: Waiters<FlightTable<Key, Value, LoadKind>.Waiter>, result: Result<Value, any Error>) {
    let (waiters, wasAttached) = flights.finish(id, with: result, duration: duration, recording: inspection)
    if wasAttached { recordOutcome(result, for: key) }
    if wasAttached, case .success(let value) = result, let cost { commit(value, cost: cost, for: key, now: now) }
    watchChanged(key)
    return (waiters, delivered(result, for: key))
  }

  /// Stores `value`, detaching any load of `key` that started before (C5). Returns that load's
  /// task when nobody waits for it any more.
  @usableFromInline
  mutating func set(_ value: Value, cost: Int, for key: Key, now: Duration) -> Task<Void, Never>? {
    let orphan = flights.detach(key, .set, recording: inspection)
    commit(value, cost: cost, for: key, now: now, cause: .set)
    return orphan
  }

  /// Removes the value of `key` and detaches its load (C3).
  mutating func invalidate(_ key: Key) -> Task<Void, Never>? {
    let orphan = flights.detach(key, .invalidate, recording: inspection)
    remove(key)
    watchChanged(key)
    return orphan
  }

  /// The keys with a value or a load that new callers would join.
  var keys: Set<Key> { Set(entries.indices.keys).union(flights.attached.keys) }

  /// Invalidates each of `keys` as ``invalidate(_:)`` does (C3).
  mutating func invalidate(_ keys: some Sequence<Key>) -> [Task<Void, Never>] {
    keys.compactMap { invalidate($0) }
  }

  /// Removes every value and detaches every load (C3).
  mutating func invalidateAll() -> [Task<Void, Never>] {
    let orphans = flights.attached.keys.compactMap { flights.detach($0, .removeAll, recording: inspection) }
    removeAll()
    for key in watching.entries.keys { watchChanged(key) }
    return orphans
  }

  @usableFromInline
  mutating func report(_ found: Lookup, for key: Key) {
    guard let inspection else { return }
    switch found {
    case .fresh:
      lookups.hits &+= 1
      if inspection.recordsHits { inspection.record(.hit) }
    case .stale:
      lookups.staleHits &+= 1
      inspection.record(.staleHit, key: key)
    case .expired, .missing:
      lookups.misses &+= 1
      inspection.record(.miss, key: key)
    }
  }
}

extension CacheState.Admission: Equatable where Value: Equatable {}
