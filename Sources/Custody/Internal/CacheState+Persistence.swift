/// Keeping a persisted cache's file in step with its committed values (rules K1–K4) as plain
/// state transitions. `Cache` runs the saves; `CachePersistence` hands them to the file.
///
/// A change to what the file should hold only counts the change and, when no save runs, starts
/// one: a commit costs the caller the same with a file as without. The save takes, under the
/// lock, the keys changed since the save before (and the order of the most recently used) as
/// one journal record, hands it to the file and waits for the write; changes made meanwhile are
/// counted and taken by the next save, so a burst of commits is written once or a few times.
extension CacheState {
  /// The saves of a persisted cache.
  struct Persisting {
    /// The most values saved, the most recently used kept; `nil` saves every value.
    let limit: Int?
    /// Starts a save: a task that snapshots the values, hands them to the file and waits for
    /// the write. Runs under the cache's lock, so it must not take it.
    let startSave: @Sendable () -> Task<Void, Never>?
    /// Changes to the values the file holds, counted.
    var changes: UInt64 = 0
    /// The changes the last snapshot holds.
    var saved: UInt64 = 0
    /// The changes the last save that ended handed to the file and waited for.
    var written: UInt64 = 0
    /// The save running, if any: one at a time.
    var save: Task<Void, Never>?
    /// The snapshots taken, one per save.
    var snapshots = 0
    /// The keys changed since the last snapshot: their values (or their absence) replace the
    /// file's, which another process may have written; the file keeps its other values.
    var changedKeys: Set<Key> = []
    /// Whether the next save replaces the whole file (after `removeAll()`, or a file whose
    /// values were dropped when read).
    var replacesFile = false
    /// The save being written: its number and the keys it writes (`nil`: every key). Another
    /// process's change to one of them read before it is written loses to it.
    var writing: (number: UInt64, keys: Set<Key>?)?
    /// The saves begun.
    var writesBegun: UInt64 = 0
    /// The most recently used keys as the last record left them in the file, newest first.
    var savedOrder: [Key] = []
    /// Set while another process's changes are taken in: they are the file's already.
    var takingIn = false

    init(limit: Int?, startSave: @escaping @Sendable () -> Task<Void, Never>?) {
      self.limit = limit
      self.startSave = startSave
    }
  }

  /// Counts a change to the values the file holds (a commit, a removal, an eviction, a value
  /// marked stale) of `key`, or of every key when `nil`, and starts a save unless one runs (K3).
  mutating func persistedValuesChanged(_ key: Key?) {
    guard var persisting, !persisting.takingIn else { return }
    persisting.changes &+= 1
    if let key { persisting.changedKeys.insert(key) } else { persisting.replacesFile = true }
    if persisting.save == nil { persisting.save = persisting.startSave() }
    self.persisting = persisting
  }

  /// The committed values to save, from the least to the most recently used, at most the limit
  /// of them (K4); marks every change so far as saved. A key with pending writes is saved with
  /// its server value, never with the layers over it, and a key whose writes wait for a first
  /// value is not saved (K2).
  mutating func snapshot(now: Duration) -> [PersistedEntry<Key, Value>] {
    guard let persisting else { return [] }
    self.persisting?.saved = persisting.changes
    self.persisting?.snapshots += 1
    let limit = persisting.limit ?? entries.count
    var saved: [PersistedEntry<Key, Value>] = []
    saved.reserveCapacity(min(limit, entries.count))
    var cursor = entries.newest
    while cursor != LRUEntries<Key, Entry>.none, saved.count < limit {
      let node = entries.nodes[cursor]
      cursor = node.older
      var entry = node.value
      if let writes = pending[node.key] {
        guard let base = writes.base else { continue }
        entry = Entry(value: base.value, storedAt: base.storedAt, cost: base.cost, lastUsed: entry.lastUsed)
      }
      saved.append(
        PersistedEntry(
          key: node.key, value: entry.value, age: max(now - entry.storedAt, .zero),
          idle: max(now - entry.lastUsed, .zero)))
    }
    saved.reverse()
    return saved
  }

  /// The keys changed since the last snapshot, and whether the file is to be replaced whole;
  /// taken with the snapshot, under the same lock.
  mutating func takeChangedKeys() -> (keys: Set<Key>, replacesFile: Bool) {
    guard let persisting else { return ([], false) }
    self.persisting?.changedKeys = []
    self.persisting?.replacesFile = false
    return (persisting.changedKeys, persisting.replacesFile)
  }

  /// A save ended, its snapshot written (or its write failed): starts the next one when changes
  /// were made since its snapshot.
  mutating func finishSave() {
    guard var persisting else { return }
    persisting.writing = nil
    persisting.written = persisting.saved
    persisting.save = persisting.changes > persisting.saved ? persisting.startSave() : nil
    self.persisting = persisting
  }

  /// The save to wait for before every change up to `target` is written; `nil` when it is. A
  /// save that took its snapshot but has not handed it to the file yet is waited for too.
  func save(before target: UInt64) -> Task<Void, Never>? {
    guard let persisting, persisting.written < target else { return nil }
    return persisting.save
  }

  /// Fills an empty state with values saved `elapsed` ago on the wall clock (K1): each keeps
  /// the age it had, plus `elapsed`, so freshness applies as if the app had run meanwhile. A
  /// value unused for the policy's `removesUnusedAfter` by now is dropped (U1), and so are the
  /// least recently used beyond `limit` or the policy's limits (K4).
  ///
  /// - Returns: Whether a saved value was dropped, so the file should be written again.
  mutating func hydrate(
    _ saved: [PersistedEntry<Key, Value>], elapsed: Duration, limit: Int?, now: Duration, cost: (Value) -> Int
  ) -> Bool {
    let kept = min(limit ?? .max, policy.countLimit ?? .max, saved.count)
    var dropped = kept < saved.count
    for entry in saved.suffix(kept) {
      let idle = entry.idle + elapsed
      if let after = policy.removesUnusedAfter, idle >= after {
        dropped = true
        continue
      }
      let stored = Entry(
        value: entry.value, storedAt: now - (entry.age + elapsed), cost: cost(entry.value), lastUsed: now - idle)
      store(stored, for: entry.key)
    }
    let count = entries.count
    evictToLimits()
    collectsUnused()
    return dropped || entries.count < count
  }
}
