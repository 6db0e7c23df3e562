/// The watches of `Cache.watch(_:)` and the cache-wide stream of changes, as plain state: what
/// each watch is sent and when. `Cache` starts the loads a watch needs.
///
/// A watch is sent a new entry when what it shows changes: the value (a commit, a write's
/// layer, a removal), whether a load runs, the last failure, or the value's freshness when the
/// cache marks it stale. The sends happen under the cache's lock, so every watch of a key sees
/// the changes in the order the lock ordered them.
extension CacheState {
  /// One key's watches: their broadcast, and what they were last sent.
  struct EntryWatch {
    let broadcast = Broadcast<WatchedEntry<Value>>(keepingNewest: 1)
    /// Whether the key held a value since the watch began, and holds none now.
    var wasRemoved = false
    /// The last failed load of the key since its last committed value.
    var failure: LoadError?
    /// What the last entry sent says, to send only what changes.
    var sent: Sent?
  }

  /// The parts of an entry whose change is worth a new one, apart from the value.
  struct Sent: Equatable {
    var isLoading: Bool
    var failure: LoadError?
    var freshness: CacheFreshness?
  }

  /// A stream of the entries of `key` as a screen renders them, starting with the one now.
  /// `load`, when given, reloads the key on lifecycle events and polls while it is watched.
  mutating func watchEntry(_ key: Key, load: Load?, now: Duration) -> AsyncStream<WatchedEntry<Value>> {
    if let load {
      watching.loads[key] = load
      if let interval = policy.pollEvery, watching.pollDue[key] == nil {
        watching.pollDue[key] = watching.nextPoll(after: now, every: interval)
      }
    }
    var watch = watching.entries[key] ?? EntryWatch()
    let entry = watchedEntry(key, watch, now: now)
    watch.sent = sent(entry)
    watching.entries[key] = watch
    return watch.broadcast.updates(startingWith: entry)
  }

  /// The value of `key` readers see as an entry, with its age at `now`.
  func shownEntry(_ key: Key, value: Value, now: Duration? = nil) -> CachedEntry<Value> {
    guard let stored = entries[key]?.storedAt else { return CachedEntry(value: value, age: .zero, freshness: .fresh) }
    let age = max((now ?? watching.now()) - stored, .zero)
    return CachedEntry(value: value, age: age, freshness: policy.freshness(ofAge: age))
  }

  /// What a watch of `key` shows at `now`.
  func watchedEntry(_ key: Key, _ watch: EntryWatch, now: Duration) -> WatchedEntry<Value> {
    let content: WatchedEntry<Value>.Content =
      if let value = entries[key]?.value {
        .value(shownEntry(key, value: value, now: now))
      } else {
        watch.wasRemoved ? .removed : .notLoaded
      }
    return WatchedEntry(
      content: content, isLoading: flights.attachedFlight(for: key) != nil, loadError: watch.failure)
  }

  private func sent(_ entry: WatchedEntry<Value>) -> Sent {
    Sent(isLoading: entry.isLoading, failure: entry.loadError, freshness: entry.entry?.freshness)
  }

  /// The value readers see of a watched `key` changed: sends the watches the new entry.
  mutating func contentChanged(_ key: Key, removed: Bool) {
    guard var watch = watching.entries[key] else { return }
    watch.wasRemoved = removed
    if removed { watch.failure = nil }
    send(key, watch, always: true)
  }

  /// Something a watch of `key` shows may have changed (a load started or ended, the value was
  /// marked stale): sends the watches a new entry if it did.
  @usableFromInline mutating func watchChanged(_ key: Key) {
    guard !watching.entries.isEmpty, let watch = watching.entries[key] else { return }
    send(key, watch, always: false)
  }

  /// A load of `key` that was attached ended: a failure is kept for the watches until a value
  /// is committed; a cancellation is no failure.
  @usableFromInline mutating func recordOutcome(_ result: Result<Value, any Error>, for key: Key) {
    guard !watching.entries.isEmpty, watching.entries[key] != nil else { return }
    switch result {
    case .success: watching.entries[key]?.failure = nil
    case .failure(let error):
      let failure = LoadError(error)
      if !failure.category.isCancellation { watching.entries[key]?.failure = failure }
    }
  }

  private mutating func send(_ key: Key, _ watch: EntryWatch, always: Bool) {
    var watch = watch
    guard watch.broadcast.subscriberCount > 0 else {
      // Nobody reads this key's watches any more: the table shrinks at once.
      watching.entries[key] = nil
      if watching.streams[key] == nil { watching.forget(key) }
      return
    }
    let entry = watchedEntry(key, watch, now: watching.now())
    let now = sent(entry)
    guard always || now != watch.sent else { return }
    watch.sent = now
    watching.entries[key] = watch
    watch.broadcast.send(entry)
  }

  /// The stream of every change of the cache.
  mutating func updates() -> AsyncStream<CacheChange<Key, Value>> {
    let broadcast = changes ?? Broadcast()
    changes = broadcast
    return broadcast.updates()
  }
}
