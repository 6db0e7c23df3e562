extension Cache {
  /// Creates an empty cache that loads a key's value with `load`, given once here: reading,
  /// refreshing and prefetching then name only the key.
  ///
  /// ```swift
  /// let products = Cache<Product.ID, Product>(policy: .init(freshFor: .seconds(300))) { id in
  ///   try await api.product(id)
  /// }
  /// let product = try await products.value(for: 7)  // loaded once for every caller
  /// products.prefetch(8)                             // the row about to show
  /// let current = try await products.refresh(7)      // pull to refresh
  /// ```
  ///
  /// The forms that take a `load` closure still work on such a cache, for a key that must be
  /// loaded another way once.
  ///
  /// - Parameters:
  ///   - policy: Freshness and size limits.
  ///   - clock: The time freshness is measured in; pass a test clock in tests.
  ///   - cost: The cost of one value, for `policy.costLimit`.
  ///   - name: The name inspectors show, such as "products".
  ///   - inspector: Receives this cache's events.
  ///   - describeKey: How inspectors show a key; by default its description.
  ///   - load: Loads the value of a key. It runs off the caller's actor, once for all the
  ///     concurrent callers of a key, and is cancelled when they all are.
  public convenience init(
    policy: CachePolicy = .init(), clock: some Clock<Duration> = ContinuousClock(),
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 }, name: String? = nil,
    inspector: (any OwnerInspector)? = nil, describeKey: (@Sendable (Key) -> String)? = nil,
    load: @escaping @Sendable (Key) async throws -> Value
  ) {
    self.init(
      policy: policy, clock: clock, cost: cost, name: name, inspector: inspector, describeKey: describeKey,
      memoryPressure: .system, loader: load)
  }

  /// Whether the cache was made with its loader, so the forms without a `load` closure work.
  public var hasLoader: Bool { loader != nil }

  /// ``value(for:load:)`` with the cache's loader.
  ///
  /// - Precondition: The cache was made with its loader (``hasLoader``).
  public func value(for key: Key) async throws -> Value {
    try await value(for: key, load: bound(key, "value(for:)"))
  }

  /// ``refresh(_:load:)`` with the cache's loader: loads `key` again whatever is cached.
  ///
  /// - Precondition: The cache was made with its loader (``hasLoader``).
  public func refresh(_ key: Key) async throws -> Value {
    try await refresh(key, load: bound(key, "refresh(_:)"))
  }

  /// ``prefetch(_:load:)`` with the cache's loader.
  ///
  /// - Precondition: The cache was made with its loader (``hasLoader``).
  public func prefetch(_ key: Key) {
    prefetch(key, load: bound(key, "prefetch(_:)"))
  }

  /// The loader applied to `key`. A cache made without one cannot load by key alone: that is
  /// a mistake in the code, found the first time the call runs.
  private func bound(_ key: Key, _ call: String) -> @Sendable () async throws -> Value {
    guard let loader else {
      preconditionFailure("Cache.\(call) needs the cache's loader: make it with Cache(…, load:), or pass load:")
    }
    return { try await loader(key) }
  }
}
