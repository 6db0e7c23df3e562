/// What a persisted cache's save appends to the journal, and how it takes in the records other
/// processes appended, as plain state transitions.
extension CacheState {
  /// How many of the most recently used keys each record keeps in order, besides the keys it
  /// changed: a read moves a key there, and a record then says so in a few bytes, so the
  /// persisted limit keeps the most recently used (K4) without a record of every value.
  static var savedOrderLength: Int { 32 }

  /// The next save: the keys changed since the save before, as a journal record, or every value
  /// when the file is to be replaced (K3). Marks every change so far as saved.
  ///
  /// The record's operations run from the least to the most recently used: each changed key's
  /// value (its server value under pending writes, K2) or its removal, and a use of each key
  /// that moved among the most recently used since the last record. It costs the keys changed,
  /// never the number of values held.
  mutating func nextSave(now: Duration, savedAt: Double) -> CacheSave<Key, Value> {
    guard var persisting else { return .append(JournalRecord(savedAt: savedAt)) }
    persisting.writesBegun += 1
    if persisting.replacesFile {
      self.persisting = persisting
      let saved = snapshot(now: now)
      _ = takeChangedKeys()
      self.persisting?.writing = (persisting.writesBegun, nil)
      let recent = recentKeys(Self.savedOrderLength)
      self.persisting?.savedOrder = recent
      return .replace(entries: saved, savedAt: savedAt)
    }
    let changed = persisting.changedKeys
    persisting.changedKeys = []
    persisting.saved = persisting.changes
    persisting.writing = (persisting.writesBegun, changed)

    let window = recentKeys(changed.count * 2 + Self.savedOrderLength)
    // Where the window goes on as the file's order already has it: the keys before were used
    // since the last record. A changed key is set again, which makes it the file's most recently
    // used, so every key the window puts before it is moved too.
    var moved = window.count
    if let first = persisting.savedOrder.first, let start = window.firstIndex(of: first),
      zip(window[start...], persisting.savedOrder).allSatisfy({ $0 == $1 })
    {
      let lastChanged = window.lastIndex(where: changed.contains).map { $0 + 1 } ?? 0
      moved = max(start, lastChanged)
    }
    var record = JournalRecord<Key, Value>(savedAt: savedAt, limit: persisting.limit)
    record.ops.reserveCapacity(changed.count + moved)
    let inWindow = Set(window)
    for key in changed where !inWindow.contains(key) { record.ops.append(op(for: key, now: now)) }
    for (index, key) in window.enumerated().reversed() {
      if changed.contains(key) {
        record.ops.append(op(for: key, now: now))
      } else if index < moved, let entry = entries.indices[key].map({ entries.nodes[$0].value }) {
        record.ops.append(JournalOp(key: key, kind: .touch, idle: max(now - entry.lastUsed, .zero)))
      }
    }
    persisting.savedOrder = Array(window.prefix(Self.savedOrderLength))
    self.persisting = persisting
    return .append(record)
  }

  /// The value of `key` to save, or its removal: the committed value without the layers of
  /// pending writes (K2); nothing while its writes wait for a first value.
  private func op(for key: Key, now: Duration) -> JournalOp<Key, Value> {
    guard let index = entries.indices[key] else { return JournalOp(key: key, kind: .remove) }
    var entry = entries.nodes[index].value
    if let writes = pending[key] {
      guard let base = writes.base else { return JournalOp(key: key, kind: .remove) }
      entry = Entry(value: base.value, storedAt: base.storedAt, cost: base.cost, lastUsed: entry.lastUsed)
    }
    return JournalOp(
      key: key, kind: .set(entry.value, age: max(now - entry.storedAt, .zero)), idle: max(now - entry.lastUsed, .zero))
  }

  /// Up to `count` keys, from the most recently used.
  func recentKeys(_ count: Int) -> [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(min(count, entries.count))
    var cursor = entries.newest
    while cursor != LRUEntries<Key, Entry>.none, keys.count < count {
      keys.append(entries.nodes[cursor].key)
      cursor = entries.nodes[cursor].older
    }
    return keys
  }

  /// Takes in what other processes wrote: their values are committed as a ``Cache/set(_:for:)``
  /// is (loads that started before never commit theirs; pending writes replay over them), their
  /// removals remove, and the streams show both; none of it is saved again. A key changed here
  /// and not yet written keeps this cache's value, as the file will once it is written; so does
  /// a key of the save being written when `writes`, the saves written when the changes were
  /// read, does not count it yet (`nil`: they were read by that save, before its record).
  ///
  /// - Returns: The loads detached, to cancel once the lock is released.
  mutating func takeIn(
    _ changes: FileChanges<Key, Value>, writtenBefore writes: UInt64?, now: Duration, wallNow: Double,
    cost: (Value) -> Int
  ) -> [Task<Void, Never>] {
    guard let persisting, !persisting.replacesFile else { return [] }
    var kept = persisting.changedKeys
    if let writing = persisting.writing, writes.map({ $0 < writing.number }) ?? true {
      guard let keys = writing.keys else { return [] }
      kept.formUnion(keys)
    }
    self.persisting?.takingIn = true
    defer { self.persisting?.takingIn = false }
    var orphans: [Task<Void, Never>] = []
    func put(_ key: Key, _ value: Value, storedAt: Duration) {
      if let orphan = set(value, cost: cost(value), for: key, now: min(storedAt, now)) { orphans.append(orphan) }
      if let index = entries.indices[key] { entries.nodes[index].value.lastUsed = now }
    }
    func since(_ savedAt: Double) -> Duration { .seconds(min(max(wallNow - savedAt, 0), 1e12)) }
    switch changes {
    case .records(let records):
      for record in records {
        if record.clears {
          for key in Array(entries.indices.keys) where !kept.contains(key) {
            if let orphan = invalidate(key) { orphans.append(orphan) }
          }
        }
        for op in record.ops where !kept.contains(op.key) {
          switch op.kind {
          case .set(let value, let age): put(op.key, value, storedAt: now - (age + since(record.savedAt)))
          case .remove: if let orphan = invalidate(op.key) { orphans.append(orphan) }
          case .touch: break
          }
        }
      }
    case .reloaded(let saved, let savedAt):
      // Another process compacted: its snapshot holds this cache's values too. A value stored
      // when this cache's is (to the clocks' drift) is the same one.
      let elapsed = since(savedAt)
      for entry in saved where !kept.contains(entry.key) {
        let storedAt = now - (entry.age + elapsed)
        if let index = entries.indices[entry.key] {
          let held = entries.nodes[index].value.storedAt
          if held - storedAt < .milliseconds(50) && storedAt - held < .milliseconds(50) { continue }
        }
        put(entry.key, entry.value, storedAt: storedAt)
      }
    }
    return orphans
  }
}
