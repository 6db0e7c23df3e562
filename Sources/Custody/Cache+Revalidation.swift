extension Cache {
  /// A stream of the committed value of `key`, as ``updates(for:)``, that also keeps it up to
  /// date with `load` while the stream lives: when the app becomes active again or the
  /// network comes back (see ``revalidate(on:)``), every ``CachePolicy/pollEvery`` while the
  /// app is active, and once after ``revalidate(_:)`` or a write that names the key.
  ///
  /// Each of these revalidates in the background, joins a load already running instead of
  /// starting a second one, and commits as a revalidation does; a failure keeps the value.
  /// The stream does not load by itself: load the first value with ``value(for:load:)``.
  ///
  /// ```swift
  /// let shown = try await products.value(for: id, load: { try await api.product(id) })
  /// for await product in products.updates(for: id, revalidatingWith: { try await api.product(id) }) {
  ///   screen.product = product
  /// }
  /// ```
  @available(*, deprecated, message: "use watch(_:) on a cache made with its loader, or watch(_:load:)")
  public func updates(
    for key: Key, revalidatingWith load: @escaping @Sendable () async throws -> Value
  ) -> AsyncStream<Value?> {
    let now = self.now()
    let (stream, startsPolling) = state.withLock { state in
      (state.watch(key, load: load, now: now), state.startsPolling())
    }
    if startsPolling { startPolling() }
    return stream
  }

  /// Marks the value of `key` stale, so that it is loaded again: at once when a stream of
  /// ``watch(_:)`` watches it, else by its next reader, who gets the stale value at once
  /// (within `staleFor`) or waits for the load.
  ///
  /// Unlike ``remove(_:)``, the value stays for readers meanwhile. As there, a load that
  /// started before never commits: it may carry a value from before the change that made this
  /// one stale.
  public func revalidate(_ key: Key) {
    let now = self.now()
    let orphans = state.withLock { state in
      let (load, orphan) = state.markStale(key, now: now)
      let started = load.flatMap {
        startLoad(key, kind: .revalidation, reason: .revalidate, load: $0, in: &state).orphan
      }
      return [orphan, started].compactMap { $0 }
    }
    for orphan in orphans { orphan.cancel() }
  }

  /// Revalidates every key that `isIncluded` accepts, as ``revalidate(_:)`` does for one.
  ///
  /// The keys are the ones with a value or a load when the call starts. `isIncluded` runs
  /// outside the cache's lock, so it may read the cache.
  public func revalidate(where isIncluded: (Key) throws -> Bool) rethrows {
    for key in try state.withLock(delivering: false, { $0.keys }).filter(isIncluded) { revalidate(key) }
  }

  /// The revalidation of `key`, to run later: for a write to name (see ``CacheRevalidation``).
  public func revalidation(of key: Key) -> CacheRevalidation {
    CacheRevalidation { [weak self] in self?.revalidate(key) }
  }

  /// The revalidation of every key that `isIncluded` accepts when it runs, for a write to name.
  public func revalidation(where isIncluded: @escaping @Sendable (Key) -> Bool) -> CacheRevalidation {
    CacheRevalidation { [weak self] in self?.revalidate(where: isIncluded) }
  }

  /// Listens to `events` for as long as the cache lives, or until they end: when the app
  /// becomes active again or the network comes back, every watched key (see ``watch(_:)``)
  /// whose value is not fresh is revalidated once, joining
  /// a load already running; while the app is not active, polling pauses.
  ///
  /// ```swift
  /// products.revalidate(on: LifecycleEvent.systemEvents())  // the system's, on Apple platforms
  /// products.revalidate(on: appEvents.updates())  // a Broadcast<LifecycleEvent> the app sends to
  ///
  /// // In a test, or from a SwiftUI scene phase:
  /// let events = Broadcast<LifecycleEvent>()
  /// products.revalidate(on: events.updates())
  /// events.send(.didBecomeActive)
  /// ```
  public func revalidate<Events: AsyncSequence & Sendable>(on events: Events)
  where Events.Element == LifecycleEvent {
    let task = Task { [weak self] in
      do {
        for try await event in events {
          guard let self else { return }
          self.respond(to: event)
        }
      } catch {}
    }
    state.withLock { $0.watching.tasks.append(task) }
  }

  /// Starts loading `key` ahead of need, at low priority, unless a fresh value is held or a
  /// load runs: for the row a user is about to scroll to.
  ///
  /// The cache owns the load: it is dropped when the key is removed, or its value is
  /// evicted or trimmed, before anyone waits for it. A caller of ``value(for:load:)`` that
  /// arrives meanwhile joins it and raises it to its own priority.
  ///
  /// ```swift
  /// for id in nextRows { products.prefetch(id) { try await api.product(id) } }
  /// ```
  public func prefetch(_ key: Key, load: @escaping @Sendable () async throws -> Value) {
    let now = self.now()
    state.withLock { state in
      guard state.needsLoad(key, now: now) else { return }
      _ = startLoad(key, kind: .prefetch, load: load, in: &state)
    }
  }

  /// Revalidates the watched keys an event calls for.
  func respond(to event: LifecycleEvent) {
    // Another process (a widget, a share extension, a second window) may have written the
    // file while the app was away: a persisted cache takes that in as the app comes back.
    if event == .didBecomeActive, persistence != nil {
      Task { [weak self] in await self?.reload() }
    }
    let now = self.now()
    let reason: OwnerEvent.Reason = event == .didReconnect ? .reconnected : .becameActive
    let startsPolling = state.withLock { state in
      for (key, load) in state.respond(to: event, now: now) {
        _ = startLoad(key, kind: .revalidation, reason: reason, load: load, in: &state)
      }
      return state.startsPolling()
    }
    if startsPolling { startPolling() }
  }

  /// Polls the watched keys as they fall due, until nothing is watched or the app is not
  /// active. The task holds the cache weakly, so it never keeps a released cache alive.
  func startPolling() {
    let task = Task { [weak self, sleep] in
      while let next = self?.startDuePolls() {
        do { try await sleep(next) } catch { return }
      }
    }
    state.withLock { $0.watching.tasks.append(task) }
  }

  /// Starts the polls due now; returns when the next one falls due, or `nil` to stop polling.
  private func startDuePolls() -> Duration? {
    let now = self.now()
    return state.withLock { state in
      let (due, next) = state.duePolls(now: now)
      for (key, load) in due { _ = startLoad(key, kind: .revalidation, reason: .poll, load: load, in: &state) }
      return next
    }
  }
}
