extension Cache {
  /// A stream of what a screen renders for `key`: its value with its age and freshness (or why
  /// there is none), whether a load runs, and the last failure, first as it is now, then on
  /// every change.
  ///
  /// On a cache made with its loader (``init(policy:clock:cost:name:inspector:describeKey:load:)``)
  /// the watch loads too: when nothing fresh is held it starts a load, which every caller of
  /// ``value(for:)`` shares (one request however many screens ask); a stale value is shown at
  /// once while it is revalidated in the background. While the stream lives, the key is
  /// revalidated when the app comes back or the network returns (``revalidate(on:)``), every
  /// ``CachePolicy/pollEvery``, and after ``revalidate(_:)`` or a write that names it. A
  /// failure keeps the value and shows in ``WatchedEntry/loadError``. On a cache without a
  /// loader the watch loads nothing and follows what is set and written.
  ///
  /// ```swift
  /// for await entry in products.watch(id) {
  ///   screen.state = LoadState(entry)  // the product, loading, or a failure over the product
  /// }
  /// ```
  ///
  /// A consumer that reads slower than the entries change gets the newest when it reads next,
  /// not a backlog. The stream ends when its consumer's task is cancelled or the cache is
  /// released, and leaves nothing behind (``subscriberCount``); a load it started goes on and
  /// commits, as a revalidation does.
  ///
  /// - Parameter key: The key watched.
  /// - Returns: The entries of `key`, the current one first.
  public func watch(_ key: Key) -> AsyncStream<WatchedEntry<Value>> {
    guard let loader else { return watch(key, loadingWith: nil) }
    return watch(key, loadingWith: { try await loader(key) })
  }

  /// ``watch(_:)`` with `load` as what loads `key`, for a cache that loads it another way than
  /// its loader, or that has none.
  ///
  /// ```swift
  /// for await entry in products.watch(id, load: { try await api.product(id) }) {
  ///   screen.state = LoadState(entry)
  /// }
  /// ```
  ///
  /// Screens that watch one key with different closures share one watch: the last closure
  /// given is the one that revalidates it.
  public func watch(
    _ key: Key, load: @escaping @Sendable () async throws -> Value
  ) -> AsyncStream<WatchedEntry<Value>> {
    watch(key, loadingWith: load)
  }

  /// A stream of every change of the cache: the key and its new entry, or its removal, in the
  /// order they were made, for an app that follows every edit without a channel of its own.
  ///
  /// ```swift
  /// for await change in products.updates() where change.cause == .write {
  ///   if let product = change.value { catalog.replace(product) }
  /// }
  /// ```
  ///
  /// Every change is kept until the consumer reads it. The stream starts with the next change
  /// (read ``cachedValue(for:)`` for what is held), and ends when its consumer's task is
  /// cancelled or the cache is released.
  public func updates() -> AsyncStream<CacheChange<Key, Value>> {
    state.withLock(delivering: false) { $0.updates() }
  }

  private func watch(
    _ key: Key, loadingWith load: (@Sendable () async throws -> Value)?
  ) -> AsyncStream<WatchedEntry<Value>> {
    let now = self.now()
    let (stream, orphan, startsPolling) = state.withLock { state in
      var orphan: Task<Void, Never>?
      if let load {
        switch state.admit(key, as: .load, now: now, recording: true) {
        case .hit, .join: break
        case .hitAndRevalidate:
          orphan = startLoad(key, kind: .revalidation, load: load, in: &state).orphan
        case .start:
          // Owned by the cache, as a revalidation is: a caller who joins it and leaves does not
          // take it from the watch.
          orphan = startLoad(key, kind: .revalidation, reason: .load, load: load, in: &state).orphan
        }
      }
      return (state.watchEntry(key, load: load, now: now), orphan, state.startsPolling())
    }
    orphan?.cancel()
    if startsPolling { startPolling() }
    return stream
  }
}
