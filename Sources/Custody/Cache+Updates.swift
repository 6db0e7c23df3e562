extension Cache {
  /// A stream of the committed value of `key`: its current value first, then every change
  /// (a load, a refresh, `set`, `invalidate`, `removeAll`, an eviction or a trim; `nil` when
  /// the value is gone).
  ///
  /// A consumer that reads slower than values are committed gets the newest value when it
  /// reads next, not a backlog of the ones in between, so a stream nobody reads holds one value.
  ///
  /// Any number of screens can watch one key. A stream ends when its consumer's task is
  /// cancelled or the cache is released, and leaves nothing behind.
  ///
  /// ```swift
  /// for await product in cache.updates(for: id) {
  ///   screen.product = product
  /// }
  /// ```
  @available(*, deprecated, message: "use watch(_:), whose entries tell a value not loaded from one removed")
  public func updates(for key: Key) -> AsyncStream<Value?> {
    state.withLock { $0.observe(key) }
  }

  /// The number of live streams: of ``watch(_:)``, ``updates()`` and ``updates(for:)``.
  public var subscriberCount: Int { state.withLock { $0.subscriberCount() } }
}
