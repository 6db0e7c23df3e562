extension Cache {
  /// Evicts the least recently used values until ``totalCost`` is at most `limit`.
  ///
  /// A trim evicts as the policy's `costLimit` does: inspectors see each value
  /// ``OwnerEvent/Kind/evicted`` (by ``OwnerEvent/Reason/trim``), and ``watch(_:)`` shows it
  /// removed. Unlike ``remove(_:)``, it leaves loads running: a value is dropped to
  /// save memory, not because it is wrong, so a load that finishes afterwards commits its value.
  ///
  /// Values go strictly in order of use, so with the default cost of 1 `trim(toCost: 0)` drops
  /// every value. A cache without a count or cost limit does not track reads, which keeps its
  /// hits cheap; there the values stored longest ago go first.
  ///
  /// ```swift
  /// images.trim(toCost: 20_000_000)  // keep the most recently used 20 MB
  /// images.trim(toCost: 0)           // drop every value that costs something, keep the loads
  /// ```
  ///
  /// - Parameter limit: The most total cost to keep; not negative.
  public func trim(toCost limit: Int) {
    precondition(limit >= 0, "Cache.trim(toCost:) needs a limit that is not negative")
    state.withLock { $0.trim(toCost: limit) }
  }
}
