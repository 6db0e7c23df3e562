/// Writes through the cache as layers over the server's value: the rules M1–M5 as plain state
/// transitions. `Cache` runs the write's operation in its caller's task.
///
/// What a reader sees for a key with writes pending is the newest committed (server) value
/// with each pending write's change replayed over it, in the order the writes began. A write
/// that ends takes out its own layer and nothing else, so the order in which writes and loads
/// finish never loses an edit that is still pending.
extension CacheState {
  /// The writes pending on one key and the committed value they are replayed over.
  @usableFromInline
  struct PendingWrites {
    /// The server's value under the layers; `nil` while nothing is committed, when the layers
    /// wait for a value to apply to.
    var base: Entry?
    var layers: [Layer] = []
    /// Counts the changes of `base`'s value: a write merges its answer outside the lock, and
    /// commits the merge only if the base it merged into is still the one under the layers.
    var revision: UInt64 = 0
  }

  /// One write's expected change of the value.
  struct Layer {
    let id: UInt64
    let change: (@Sendable (inout Value) -> Void)?
  }

  /// A number for a write beginning: 1, 2, … for each cache.
  mutating func makeWriteID() -> UInt64 {
    lastWrite &+= 1
    return lastWrite
  }

  /// Adds write `id`'s layer on top of the others and shows it (M1, M2).
  mutating func addLayer(_ id: UInt64, change: (@Sendable (inout Value) -> Void)?, for key: Key) {
    var writes = pending[key] ?? PendingWrites(base: entries[key])
    writes.layers.append(Layer(id: id, change: change))
    pending[key] = writes
    inspection?.record(.layerAdded(id), key: key)
    if change != nil { showLayers(of: key, cause: .write) }
  }

  /// The committed value the answer of a write to `key` merges into (`nil` when none is), and
  /// the revision that says whether it is still the one when the merge is committed.
  func mergeBase(of key: Key) -> (value: Value?, revision: UInt64?) {
    guard let writes = pending[key] else { return (entries[key]?.value, nil) }
    return (writes.base?.value, writes.revision)
  }

  /// Write `id` succeeded: `value`, its answer merged into the base of `revision`, becomes the
  /// new base and wins over any load that started before (C5); its layer goes, the others stay
  /// (M3). When a load committed another base since the merge began, commits nothing and
  /// returns `nil`: the merge is made again over the new base.
  ///
  /// - Returns: The value readers now see and the task of a load nobody waits for any more.
  mutating func commitWrite(
    _ id: UInt64, for key: Key, value: Value, mergedInto revision: UInt64?, cost: Int, now: Duration
  ) -> (shown: Value, orphan: Task<Void, Never>?)? {
    guard mergeBase(of: key).revision == revision else { return nil }
    takeLayer(id, of: key, cause: .write)
    inspection?.record(.writeCommitted(id), key: key)
    let orphan = flights.detach(key, .write, recording: inspection)
    commit(value, cost: cost, for: key, now: now, cause: .write)
    return (layered(value, for: key), orphan)
  }

  /// Write `id` failed or was cancelled: only its own layer goes (M4). No snapshot is restored,
  /// so a value committed meanwhile and the other writes' layers stay.
  mutating func rollBack(_ id: UInt64, for key: Key) {
    guard takeLayer(id, of: key, cause: .write) != nil else { return }
    inspection?.record(.writeRolledBack(id), key: key)
    if pending[key] != nil {
      showLayers(of: key, cause: .write)
    } else if let base = entries[key] {
      notify(key, base.value, cause: .write)
    }
  }

  /// Removes write `id`'s layer; with no layer left, the entry is the base again. Returns the
  /// layer removed.
  @discardableResult
  private mutating func takeLayer(_ id: UInt64, of key: Key, cause: CacheChange<Key, Value>.Cause) -> Layer? {
    guard var writes = pending[key], let index = writes.layers.firstIndex(where: { $0.id == id }) else { return nil }
    let layer = writes.layers.remove(at: index)
    guard writes.layers.isEmpty else {
      pending[key] = writes
      return layer
    }
    pending[key] = nil
    if var base = writes.base {
      base.lastUsed = lastUse(of: key, or: base)
      store(base, for: key)
    } else {
      hideShownValue(of: key, cause: cause)
    }
    return layer
  }

  /// Makes the entry of `key` its base with the pending layers replayed, and tells its
  /// observers. The entry keeps the base's age and cost: freshness is the server value's.
  mutating func showLayers(of key: Key, cause: CacheChange<Key, Value>.Cause) {
    guard let writes = pending[key] else { return }
    guard let base = writes.base else { return hideShownValue(of: key, cause: cause) }
    let shown = Entry(
      value: layered(base.value, for: key), storedAt: base.storedAt, cost: base.cost,
      lastUsed: lastUse(of: key, or: base))
    store(shown, for: key)
    notify(key, shown.value, cause: cause)
  }

  /// The latest use of `key`: readers stamp the value shown, commits stamp the base.
  private func lastUse(of key: Key, or base: Entry) -> Duration {
    max(base.lastUsed, entries[key]?.lastUsed ?? base.lastUsed)
  }

  /// Takes out the value shown for `key` when there is no committed value to show under its
  /// layers, telling its observers.
  private mutating func hideShownValue(of key: Key, cause: CacheChange<Key, Value>.Cause) {
    guard let removed = entries.remove(key) else { return }
    totalCost -= removed.cost
    notify(key, nil, cause: cause)
  }

  /// `value` with the pending layers of `key` replayed over it, oldest first (M2).
  func layered(_ value: Value, for key: Key) -> Value {
    guard let layers = pending[key]?.layers else { return value }
    var value = value
    for layer in layers { layer.change?(&value) }
    return value
  }

  /// A load's result as its callers get it: a value with the pending layers replayed, so no
  /// reader ever sees a state without an edit that is still pending.
  @usableFromInline
  func delivered(_ result: Result<Value, any Error>, for key: Key) -> Result<Value, any Error> {
    guard !pending.isEmpty, case .success(let value) = result else { return result }
    return .success(layered(value, for: key))
  }
}
