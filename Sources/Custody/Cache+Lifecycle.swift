/// What a ``LifecycleHub`` asks of the caches registered with it: the same work
/// ``Cache/revalidate(on:)`` does for each event, and the hub's polling.
extension Cache {
  /// The cache as a hub's follower, held weakly: a released cache is dropped by the hub.
  ///
  /// - Parameter pollEvery: The hub's polling interval for this cache; `nil`, or a policy that
  ///   polls by itself (``CachePolicy/pollEvery``), leaves the polling to the cache.
  func lifecycleFollower(pollEvery: Duration?) -> LifecycleFollower {
    LifecycleFollower(
      respond: { [weak self] event in
        guard let self else { return false }
        self.respond(to: event)
        return true
      },
      poll: { [weak self] in
        guard let self else { return false }
        self.pollWatched()
        return true
      },
      pollEvery: policy.pollEvery == nil ? pollEvery : nil)
  }

  /// Revalidates every watched key that no load refreshes already, as a poll of the cache's
  /// own does, unless the app is not active.
  func pollWatched() {
    state.withLock { state in
      guard state.watching.isActive else { return }
      for (key, load) in state.watching.watched() where state.flights.attachedFlight(for: key) == nil {
        _ = startLoad(key, kind: .revalidation, reason: .poll, load: load, in: &state)
      }
    }
  }
}
