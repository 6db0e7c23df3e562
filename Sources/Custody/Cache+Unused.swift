extension Cache {
  /// Removes at once every value that nobody read and nothing committed for the policy's
  /// ``CachePolicy/removesUnusedAfter``, as the cache does by itself when they fall due: values
  /// watched by a stream of ``watch(_:)`` and values with a write pending stay.
  ///
  /// Each value removed is ``OwnerEvent/Kind/evicted`` for ``OwnerEvent/Reason/unused``, its
  /// streams get `nil`, and a persisted cache drops it from its file. A cache whose policy keeps
  /// unused values removes nothing.
  ///
  /// ```swift
  /// products.removeUnused()  // before a snapshot of memory use, say
  /// ```
  public func removeUnused() {
    let now = self.now()
    let dropped = state.withLock { state in
      _ = state.removeUnused(now: now)
      return state.takeDroppedPrefetches()
    }
    for prefetch in dropped { prefetch.cancel() }
  }

  /// What starts the task that removes unused values as they fall due (U1): it sleeps on the
  /// cache's clock until the least recently used value falls due, and ends when the cache holds
  /// no value. It holds the cache weakly, so it never keeps a released cache alive.
  func collectorStarter() -> @Sendable () -> Task<Void, Never>? {
    { [weak self, sleep = self.sleep] in
      Task { [weak self] in
        while let next = self?.collectUnused() {
          do { try await sleep(next) } catch { return }
        }
      }
    }
  }

  /// Removes what is due; returns when to look again, or `nil` when the cache holds nothing.
  private func collectUnused() -> Duration? {
    let now = self.now()
    let (next, dropped) = state.withLock { state in
      (state.collectUnused(now: now), state.takeDroppedPrefetches())
    }
    for prefetch in dropped { prefetch.cancel() }
    return next
  }
}
