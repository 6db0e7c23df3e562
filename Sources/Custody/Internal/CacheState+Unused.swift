/// Removing the values nobody uses (rule U1, TanStack Query's `gcTime`) as plain state
/// transitions. `Cache` runs the task that calls them when values fall due.
///
/// A cache that removes unused values tracks recency, and stamps each value with the time it
/// was last read or committed where it marks it recently used: the order of use is then the
/// order of those times, so the values due are found from the least recently used end, and
/// none is looked at twice.
extension CacheState {
  /// The task that removes unused values as they fall due: it runs while the cache holds a
  /// value, and ends when it holds none.
  struct UnusedCollection {
    /// Starts the task; set by a cache whose policy removes unused values. Runs under the
    /// cache's lock, so it must not take it.
    var start: (@Sendable () -> Task<Void, Never>?)?
    var task: Task<Void, Never>?

    /// The running task, as a list to cancel.
    var tasks: [Task<Void, Never>] { task.map { [$0] } ?? [] }
  }

  /// Starts the removal of unused values when the cache holds one and it is not running.
  mutating func collectsUnused() {
    guard tracksUse, unused.task == nil, entries.count > 0, let start = unused.start else { return }
    unused.task = start()
  }

  /// Removes every value neither read nor committed for the policy's `removesUnusedAfter` at
  /// `now`, as an eviction for ``OwnerEvent/Reason/unused`` (U1). A value that a stream watches
  /// or a write is pending on is in use: it stays, as used now.
  ///
  /// - Returns: When the next value falls due, or `nil` when the cache holds none.
  mutating func removeUnused(now: Duration) -> Duration? {
    guard let after = policy.removesUnusedAfter else { return nil }
    let cutoff = now - after
    var due: [Key] = []
    var cursor = entries.oldest
    while cursor != LRUEntries<Key, Entry>.none, entries.nodes[cursor].value.lastUsed <= cutoff {
      due.append(entries.nodes[cursor].key)
      cursor = entries.nodes[cursor].newer
    }
    for key in due {
      if pending[key] != nil || isObserved(key) {
        if let index = entries.indices[key] { touch(at: index, now: now) }
      } else {
        evict(key, .unused)
      }
    }
    guard entries.oldest != LRUEntries<Key, Entry>.none else { return nil }
    return entries.nodes[entries.oldest].value.lastUsed + after
  }

  /// One step of the removal task: removes what is due, and ends the task when nothing is held.
  /// - Returns: When to take the next step, or `nil` to end.
  mutating func collectUnused(now: Duration) -> Duration? {
    let next = removeUnused(now: now)
    if next == nil { unused.task = nil }
    return next
  }
}
