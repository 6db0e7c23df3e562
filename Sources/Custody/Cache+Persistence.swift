import Foundation

extension Cache where Key: Codable, Value: Codable {
  /// Opens a cache persisted in the file at `url`, holding the values the file kept from the
  /// app's last run.
  ///
  /// Each value keeps its age (rule K1): the age it had when it was saved, plus the wall-clock
  /// time since, so a value that was fresh an hour ago is stale or expired now under `policy`,
  /// and ``value(for:load:)`` revalidates or reloads it. An expired value is kept, for
  /// ``cachedValue(for:)`` to show while the app is offline.
  ///
  /// Afterwards the cache works as any other, and writes behind: each commit, removal or
  /// eviction returns at once, and the committed values (never the layers of pending writes)
  /// are saved in the background, a burst of changes in one write, on a dispatch queue of the
  /// file's own. Call ``flush()`` before the app quits.
  ///
  /// How the file is written: `url` holds a snapshot of the values, and a journal beside it
  /// (`url` with `.journal` appended) holds what changed since. A save appends one record of the
  /// keys it changed, with a length and a checksum, and syncs it: its bytes follow the change,
  /// not the number of values. Once the journal outgrows a quarter of the snapshot, a save folds
  /// it into a new snapshot, written to a temporary file, synced and renamed over the old one. A process
  /// killed while it writes leaves the last value or the one being written: a record cut short
  /// is dropped on the next open, the records before it stand. A file written by an earlier
  /// version of the library (a snapshot alone) opens as it is.
  ///
  /// Processes sharing the folder (an app and its widget, two windows) keep each other's
  /// changes: each save takes an advisory lock on the folder, reads the records the others
  /// appended, takes them in (the cache's streams show them) and appends its own after them, so
  /// the last change of each key wins. ``flush()`` and ``reload()`` take them in too.
  ///
  /// ```swift
  /// let products = await Cache<Product.ID, Product>.open(
  ///   persistingIn: caches.appendingPathComponent("products.json"), version: 1,
  ///   policy: .init(freshFor: .seconds(60), staleFor: .seconds(3600)), persistedLimit: 500)
  /// if let problem = products.loadProblem { log.notice("\(problem)") }  // it starts empty then
  /// let shown = products.cachedValue(for: id)  // last run's value, offline too
  /// ```
  ///
  /// The file is read and decoded, and the cache filled, off the caller's actor. Open one cache
  /// per file.
  ///
  /// - Parameters:
  ///   - url: The file. Its folder must exist.
  ///   - version: The schema version of `Key` and `Value`. Change it when their `Codable` form
  ///     changes: a file of another version is dropped, and ``loadProblem`` says so (K5).
  ///   - policy: Freshness and size limits. The count limit and
  ///     ``CachePolicy/removesUnusedAfter`` apply to the values read from the file too.
  ///   - persistedLimit: The most values saved, the most recently used kept (K4); `nil` saves
  ///     every value.
  ///   - clock: The time freshness is measured in while the app runs; pass a test clock in tests.
  ///   - wallClock: The date now, which measures the time between a save and the next start;
  ///     pass a fixed date in tests.
  ///   - cost: The cost of one value, for `policy.costLimit`.
  ///   - name: The name inspectors show, such as "products".
  ///   - inspector: Receives this cache's events, ``OwnerEvent/Kind/hydrated`` first, and its
  ///     file's, as a ``FileStore``'s (loaded, moved aside, written, write failed): "products
  ///     file" for a cache named "products", else the file's name.
  ///   - describeKey: How inspectors show a key; by default its description.
  /// - Returns: The cache, holding the file's values.
  public static func open(
    persistingIn url: URL, version: Int, policy: CachePolicy = .init(), persistedLimit: Int? = nil,
    clock: some Clock<Duration> = ContinuousClock(), wallClock: @escaping @Sendable () -> Date = { Date() },
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 }, name: String? = nil,
    inspector: (any OwnerInspector)? = nil, describeKey: (@Sendable (Key) -> String)? = nil
  ) async -> Cache {
    await open(
      persistingIn: url, version: version, policy: policy, persistedLimit: persistedLimit, clock: clock,
      wallClock: wallClock, cost: cost, name: name, inspector: inspector, describeKey: describeKey,
      loader: nil)
  }

  /// Opens a cache persisted in the file at `url` that loads a key's value with `load`, given
  /// once here, as ``init(policy:clock:cost:name:inspector:describeKey:load:)`` does: reading,
  /// refreshing, prefetching and watching then name only the key.
  ///
  /// ```swift
  /// let products = await Cache<Product.ID, Product>.open(
  ///   persistingIn: caches.appendingPathComponent("products.json"), version: 1,
  ///   policy: .init(freshFor: .seconds(60), staleFor: .seconds(3600))
  /// ) { id in
  ///   try await api.product(id)
  /// }
  /// let product = try await products.value(for: id)  // last run's value revalidated, or loaded
  /// ```
  ///
  /// Everything else is as ``open(persistingIn:version:policy:persistedLimit:clock:wallClock:cost:name:inspector:describeKey:)``
  /// says.
  ///
  /// - Parameters:
  ///   - url: The file. Its folder must exist.
  ///   - version: The schema version of `Key` and `Value`.
  ///   - policy: Freshness and size limits.
  ///   - persistedLimit: The most values saved; `nil` saves every value.
  ///   - clock: The time freshness is measured in while the app runs.
  ///   - wallClock: The date now, which measures the time between a save and the next start.
  ///   - cost: The cost of one value, for `policy.costLimit`.
  ///   - name: The name inspectors show.
  ///   - inspector: Receives this cache's events and its file's.
  ///   - describeKey: How inspectors show a key.
  ///   - load: Loads the value of a key, off the caller's actor, once for all the concurrent
  ///     callers of a key.
  /// - Returns: The cache, holding the file's values.
  public static func open(
    persistingIn url: URL, version: Int, policy: CachePolicy = .init(), persistedLimit: Int? = nil,
    clock: some Clock<Duration> = ContinuousClock(), wallClock: @escaping @Sendable () -> Date = { Date() },
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 }, name: String? = nil,
    inspector: (any OwnerInspector)? = nil, describeKey: (@Sendable (Key) -> String)? = nil,
    load: @escaping @Sendable (Key) async throws -> Value
  ) async -> Cache {
    await open(
      persistingIn: url, version: version, policy: policy, persistedLimit: persistedLimit, clock: clock,
      wallClock: wallClock, cost: cost, name: name, inspector: inspector, describeKey: describeKey,
      loader: load)
  }

  private static func open(
    persistingIn url: URL, version: Int, policy: CachePolicy, persistedLimit: Int?, clock: some Clock<Duration>,
    wallClock: @escaping @Sendable () -> Date, cost: @escaping @Sendable (Value) -> Int, name: String?,
    inspector: (any OwnerInspector)?, describeKey: (@Sendable (Key) -> String)?,
    loader: (@Sendable (Key) async throws -> Value)?
  ) async -> Cache {
    precondition((persistedLimit ?? 0) >= 0, "Cache.open(persistingIn:) needs a persisted limit that is not negative")
    let disk = CacheDisk<Key, Value>(
      url: url, version: version, limit: persistedLimit, name: name.map { "\($0) file" }, inspector: inspector)
    let opened = await disk.run { $0.open() }
    return await hydrated(
      from: opened.file, problem: opened.problem, disk: disk, policy: policy, persistedLimit: persistedLimit,
      clock: clock, wallClock: wallClock, cost: cost, name: name, inspector: inspector, describeKey: describeKey,
      loader: loader)
  }

  /// Makes the cache and fills it from the files the disk read, off the caller's actor: ten
  /// thousand values take milliseconds.
  @concurrent
  private static func hydrated(
    from file: CacheFile<Key, Value>, problem: CachePersistenceError?, disk: CacheDisk<Key, Value>,
    policy: CachePolicy, persistedLimit: Int?, clock: some Clock<Duration>,
    wallClock: @escaping @Sendable () -> Date, cost: @escaping @Sendable (Value) -> Int, name: String?,
    inspector: (any OwnerInspector)?, describeKey: (@Sendable (Key) -> String)?,
    loader: (@Sendable (Key) async throws -> Value)?
  ) async -> Cache {
    let persistence = CachePersistence<Key, Value>(
      loadProblem: problem, limit: persistedLimit, wallClock: wallClock,
      write: { save in await disk.run { $0.write(save) } },
      look: { await disk.run { disk in (disk.changes(), disk.writes) } })
    let cache = Cache(
      policy: policy, clock: clock, cost: cost, name: name, inspector: inspector, describeKey: describeKey,
      memoryPressure: .system, persistence: persistence, loader: loader)
    cache.hydrate(
      problem == nil ? file.entries : [], elapsed: persistence.elapsed(since: file.savedAt), persistence: persistence)
    return cache
  }
}

extension Cache {
  /// Why a persisted cache started without the values of its file: the file was written for
  /// another schema version (they were dropped), or it was corrupt or unreadable (it was moved
  /// aside). `nil` when the values were read, when there was no file, and for a cache that is
  /// not persisted.
  public var loadProblem: CachePersistenceError? { persistence?.loadProblem }

  /// Waits until every value committed, and every removal made, before this call is written to
  /// the cache's file; returns at once for a cache that is not persisted.
  ///
  /// ```swift
  /// products.set(edited, for: id)
  /// try await products.flush()  // a cache opened now finds `edited`
  /// ```
  ///
  /// A caller cancelled while it waits (or before) returns at once, without an error, and the
  /// write goes on: check `Task.isCancelled` after the call when it matters that it was written.
  ///
  /// - Throws: ``CachePersistenceError/file(_:)`` when the last write failed; the file then
  ///   keeps what it held before.
  public func flush() async throws(CachePersistenceError) {
    guard let persistence else { return }
    let target = state.withLock(delivering: false) { $0.persisting?.changes ?? 0 }
    while let save = state.withLock(delivering: false, { $0.save(before: target) }) {
      guard await Self.wait(for: save) else { return }  // cancelled: the save goes on
    }
    try persistence.flush()
    _ = await persistence.takeInChanges(state, now: now, cost: cost)
  }

  /// Waits until `save` ends, or until the calling task is cancelled, which ends the wait at
  /// once and leaves the save running (another process holding the folder's lock can keep it
  /// waiting for as long as it holds it).
  ///
  /// - Returns: `false` when the wait ended because the caller was cancelled.
  private static func wait(for save: Task<Void, Never>) async -> Bool {
    let waiter = ReleasableWaiter<Void>()
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          guard waiter.attach(continuation) else { return }
          Task {
            await save.value
            waiter.resume(returning: ())
          }
        }
      } onCancel: {
        waiter.resume(throwing: CancellationError())
      }
      return true
    } catch {
      return false
    }
  }

  /// Takes in the changes other processes (an app's widget or extension, a second window)
  /// wrote to the cache's file since this cache last read or wrote it: their values are
  /// committed here as ``set(_:for:)`` commits (a load that started before never commits its
  /// result over them), their removals remove, and ``updates()`` and every watch of a key show
  /// them. A key changed here and not written yet keeps this cache's value, as the file will.
  ///
  /// Every save and every ``flush()`` does the same on its own, and so does a cache registered
  /// with a ``LifecycleHub`` (or following ``revalidate(on:)``) when the app becomes active.
  /// Call this when another process may have written at another moment: when a screen
  /// appears. It costs two `stat` calls on the file's own queue when nothing changed, and reads
  /// only the records appended since when something did.
  ///
  /// ```swift
  /// // The share extension added a product to the shared cache while the app was away.
  /// case .active: Task { await products.reload() }
  /// ```
  ///
  /// A removal that another process made and folded into a new snapshot before this cache read
  /// its record is not seen until the cache is opened again; values are.
  ///
  /// - Returns: Whether another process had changed the file; `false` for a cache that is not
  ///   persisted.
  @discardableResult
  public func reload() async -> Bool {
    guard let persistence else { return false }
    return await persistence.takeInChanges(state, now: now, cost: cost)
  }

  /// Fills the new cache with the values a file saved `elapsed` ago, and starts keeping the
  /// file in step: at once when the file held values to drop (another schema, values past a
  /// limit or unused too long).
  func hydrate(_ saved: [PersistedEntry<Key, Value>], elapsed: Duration, persistence: CachePersistence<Key, Value>) {
    let now = self.now()
    let problem = persistence.loadProblem
    state.withLock { state in
      let dropped = state.hydrate(saved, elapsed: elapsed, limit: persistence.limit, now: now, cost: cost)
      state.persisting = .init(limit: persistence.limit, startSave: saveStarter(persistence))
      let recent = state.recentKeys(CacheState<Key, Value>.savedOrderLength)
      state.persisting?.savedOrder = recent
      if dropped || problem != nil { state.persistedValuesChanged(nil) }
      inspection?.record(.hydrated(state.entries.count, size: state.size, problem: problem?.reason))
    }
  }

  /// What starts a save. It holds the state weakly, as the state holds it; the save it starts
  /// holds the state until it has written.
  private func saveStarter(_ persistence: CachePersistence<Key, Value>) -> @Sendable () -> Task<Void, Never>? {
    { [weak state = self.state, now = self.now, cost = self.cost] in
      guard let state else { return nil }
      return Task { await persistence.save(state, now: now, cost: cost) }
    }
  }
}
