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
    if change != nil { showLayers(of: key) }
  }

  /// Write `id` succeeded: its answer, merged with the committed value, becomes the new base and
  /// wins over any load that started before (C5); its layer goes, the others stay (M3).
  /// Returns the value readers now see and the task of a load nobody waits for any more.
  mutating func commitWrite(
    _ id: UInt64, for key: Key, merge: (Value?) -> Value, cost: (Value) -> Int, now: Duration
  ) -> (shown: Value, orphan: Task<Void, Never>?) {
    let base = pending[key].map { $0.base?.value } ?? entries[key]?.value
    let value = merge(base)
    takeLayer(id, of: key)
    inspection?.record(.writeCommitted(id), key: key)
    let orphan = flights.detach(key, .write, recording: inspection)
    commit(value, cost: cost(value), for: key, now: now)
    return (layered(value, for: key), orphan)
  }

  /// Write `id` failed or was cancelled: only its own layer goes (M4). No snapshot is restored,
  /// so a value committed meanwhile and the other writes' layers stay.
  mutating func rollBack(_ id: UInt64, for key: Key) {
    guard takeLayer(id, of: key) != nil else { return }
    inspection?.record(.writeRolledBack(id), key: key)
    if pending[key] != nil {
      showLayers(of: key)
    } else if let base = entries[key] {
      notify(key, base.value)
    }
  }

  /// Removes write `id`'s layer; with no layer left, the entry is the base again. Returns the
  /// layer removed.
  @discardableResult
  private mutating func takeLayer(_ id: UInt64, of key: Key) -> Layer? {
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
      hideShownValue(of: key)
    }
    return layer
  }

  /// Makes the entry of `key` its base with the pending layers replayed, and tells its
  /// observers. The entry keeps the base's age and cost: freshness is the server value's.
  mutating func showLayers(of key: Key) {
    guard let writes = pending[key] else { return }
    guard let base = writes.base else { return hideShownValue(of: key) }
    let shown = Entry(
      value: layered(base.value, for: key), storedAt: base.storedAt, cost: base.cost,
      lastUsed: lastUse(of: key, or: base))
    store(shown, for: key)
    notify(key, shown.value)
  }

  /// The latest use of `key`: readers stamp the value shown, commits stamp the base.
  private func lastUse(of key: Key, or base: Entry) -> Duration {
    max(base.lastUsed, entries[key]?.lastUsed ?? base.lastUsed)
  }

  /// Takes out the value shown for `key` when there is no committed value to show under its
  /// layers, telling its observers.
  private mutating func hideShownValue(of key: Key) {
    guard let removed = entries.remove(key) else { return }
    totalCost -= removed.cost
    notify(key, nil)
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
