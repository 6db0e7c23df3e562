/// Giving memory back on request: ``Cache/trim(toCost:)`` and the system's memory pressure.
///
/// Trimming evicts as the policy's cost limit does, least recently used first, and like it
/// leaves loads running: a value is dropped to save memory, not because it is wrong, so a load
/// that finishes afterwards still commits (C6, unlike an invalidation's C3).
extension CacheState {
  /// Evicts the least recently used values until the total cost is at most `limit`, as a
  /// policy's `costLimit` of `limit` would.
  mutating func trim(toCost limit: Int, reason: OwnerEvent.EvictionReason = .trim) {
    while totalCost > limit, evictOldest(reason) {}
  }

  /// On a warning, trims to half the total cost: half of what is held always frees something,
  /// where half the cost limit frees nothing in a cache that is not yet half full. On critical
  /// pressure, evicts every value, the ones that cost nothing included.
  mutating func respond(to pressure: MemoryPressure) {
    switch pressure {
    case .warning: trim(toCost: totalCost / 2, reason: .memoryPressure)
    case .critical: while evictOldest(.memoryPressure) {}
    }
  }
}
