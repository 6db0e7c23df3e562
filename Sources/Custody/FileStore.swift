import Foundation

/// Owns one value persisted in a file: settings, a draft, a saved credential.
///
/// Open it once at start, read ``value`` synchronously from anywhere, and save as often as the
/// value changes: saves are coalesced, so a burst of them writes the last value once or a few
/// times, and ``flush()`` waits until the last value is on disk.
///
/// ```swift
/// let settings = await FileStore.open(url: folder.appendingPathComponent("settings.json"), default: Settings())
/// settings.update { $0.sortOrder = .price }
/// for await current in settings.updates() { … }  // the value now, then every change
/// try await settings.flush()  // before the app quits
/// ```
///
/// The guarantees:
/// - The file is read before ``open(url:default:protection:name:inspector:)`` returns the store,
///   so every change applies to the file's value, never to a default the file then replaces.
/// - Writes are atomic: a temporary file in the same folder is written, flushed to disk and
///   renamed over the file. After a crash the file holds the old value or the new one, never a
///   mix. A write that fails (a full disk, a read-only folder) leaves the old file as it was and
///   ``flush()`` throws ``FileStoreError/writeFailed(_:underlying:)``.
/// - A corrupt or unreadable file is moved aside (to `<name>.corrupt-<timestamp>`) and reported
///   in ``loadProblem``; the store goes on with the default value.
/// - With ``Protection/ownerOnly`` the file is readable and writable by its owner only (0600),
///   as files holding secrets must be.
/// - Processes sharing the folder (an app and its widget or extension in an App Group, two
///   windows) keep each other's changes made with ``merge(_:)``: each write takes an advisory
///   lock on the folder (`flock`), reads the file again if another process replaced it, and
///   replays this store's changes not yet written over it. ``save(_:)`` and ``update(_:)`` write a
///   whole value: the last writer wins. Another process's change becomes visible here at this
///   store's next write or at ``reload()``, and ``updates()`` then streams it. Nothing watches
///   the file in between.
/// - At most the three newest files moved aside are kept per file.
public actor FileStore<Value: Codable & Sendable> {
  /// Who may read the file.
  public enum Protection: Sendable, Hashable {
    /// Readable by everyone, writable by the owner (0644).
    case standard
    /// Readable and writable by the owner only (0600), for secrets.
    case ownerOnly
  }

  /// The file the value is persisted in.
  public nonisolated let url: URL
  /// Who may read the file.
  public nonisolated let protection: Protection
  /// What went wrong when the store was opened, if anything: the file was corrupt or
  /// unreadable, was moved aside, and the store started from the default value.
  public nonisolated let loadProblem: FileStoreError?
  private typealias FlushWaiter = CheckedContinuation<Result<Void, FileStoreError>, Never>

  /// Shared with nonisolated ``save(_:)``, ``value`` and ``updates()``.
  private let shared: LockedState<FileStoreState<Value, FlushWaiter>>
  private let inspection: Inspection?
  private let disk: FileStoreDisk<Value>
  /// Where the file is locked, read and written, one operation at a time: these calls block, so
  /// they never run on the cooperative pool or the caller's actor.
  private let queue: DispatchQueue

  /// Reads the file at `url` and returns a store that starts from its value: the default value
  /// when the file is missing, corrupt or unreadable (the file is then moved aside and
  /// ``loadProblem`` says why). A temporary file left by a crash is removed.
  ///
  /// The file is read and decoded on the store's own dispatch queue, under the folder's lock, so
  /// opening from the main actor stalls neither it nor the cooperative pool.
  ///
  /// - Parameters:
  ///   - url: The file. Its folder must exist.
  ///   - defaultValue: The value when the file is missing, corrupt or unreadable.
  ///   - protection: Who may read the file.
  ///   - name: The name inspectors show, such as "settings".
  ///   - inspector: Receives this store's events (see ``OwnerInspector``):
  ///     ``OwnerEvent/Kind/movedAside`` and ``OwnerEvent/Kind/loaded`` when it opens, and when it
  ///     reads the file again after another process changed it,
  ///     ``OwnerEvent/Kind/saveCoalesced`` for a save folded into a write already scheduled,
  ///     ``OwnerEvent/Kind/written`` and ``OwnerEvent/Kind/writeFailed``.
  /// - Returns: The store, holding the file's value.
  public static func open(
    url: URL, default defaultValue: Value, protection: Protection = .standard, name: String? = nil,
    inspector: (any OwnerInspector)? = nil
  ) async -> FileStore {
    await open(url: url, default: defaultValue, protection: protection, name: name, inspector: inspector) {
      try JSONDecoder().decode(Value.self, from: $0)
    }
  }

  /// Opens the store as ``open(url:default:protection:name:inspector:)`` does, decoding the file
  /// with `decode`, for a value whose decoding needs more than the file (a persisted cache's
  /// expected schema version).
  static func open(
    url: URL, default defaultValue: Value, protection: Protection = .standard, name: String? = nil,
    inspector: (any OwnerInspector)? = nil, decode: @escaping @Sendable (Data) throws -> Value
  ) async -> FileStore {
    let disk = FileStoreDisk(
      url: url, permissions: protection == .ownerOnly ? 0o600 : 0o644, defaultValue: defaultValue, decode: decode)
    let queue = DispatchQueue(label: "Custody.FileStore \(name ?? url.lastPathComponent)")
    let read = await run(on: queue) { disk.open() }
    return FileStore(
      disk: disk, queue: queue, read: read, protection: protection, name: name, inspector: inspector)
  }

  private init(
    disk: FileStoreDisk<Value>, queue: DispatchQueue, read: FileReader.Outcome<Value>, protection: Protection,
    name: String?, inspector: (any OwnerInspector)?
  ) {
    // `update(_:)` records under the lock; the lock's release delivers what is recorded.
    let inspection = Inspection.unkeyed(
      .fileStore, name: name ?? disk.url.lastPathComponent, inspector: inspector, afterUnlock: true)
    self.inspection = inspection
    self.disk = disk
    self.queue = queue
    url = disk.url
    self.protection = protection
    loadProblem = read.problem
    shared = LockedState(
      FileStoreState(value: read.value ?? disk.defaultValue, stamp: read.stamp), afterUnlock: inspection?.afterUnlock)
    if read.problem != nil { inspection?.record(.movedAside(corrupt: read.isCorrupt)) }
    inspection?.record(.loaded(usedDefault: read.value == nil))
    inspection?.deliver()
  }

  /// The current value: the file's, or the last one saved.
  public nonisolated var value: Value { shared.withLock(delivering: false) { $0.value } }

  /// A stream of the value: the current one first, then the value after every ``save(_:)``,
  /// ``update(_:)`` and ``merge(_:)``, in the order they were made, and after every change of
  /// another process this store takes in (see ``reload()``).
  ///
  /// A consumer that falls behind gets the newest value and skips the ones in between, so a
  /// slow screen never makes the stream grow. A stream ends when its consumer's task is
  /// cancelled or the store is released, and leaves nothing behind.
  ///
  /// ```swift
  /// for await settings in store.updates() {
  ///   screen.sortOrder = settings.sortOrder
  /// }
  /// ```
  public nonisolated func updates() -> AsyncStream<Value> {
    shared.withLock(delivering: false) { $0.updates() }
  }

  /// The number of live ``updates()`` streams.
  public nonisolated var subscriberCount: Int { shared.withLock(delivering: false) { $0.subscriberCount } }

  /// The number of writes running or waiting to run: 1 from a ``save(_:)``, ``update(_:)`` or
  /// ``merge(_:)`` until its value is on disk or its write failed, else 0.
  ///
  /// Saves made before a write is done are coalesced into one, so they do not add up: the count
  /// is 1 exactly when ``flush()`` would wait. Reading the file again (``reload()``) does not
  /// count. Like ``value``, it is read synchronously from any isolation.
  public nonisolated var inFlightCount: Int { shared.withLock(delivering: false) { $0.inFlightCount } }

  /// Sets the value and schedules a write; returns at once. Call ``flush()`` to wait for it.
  ///
  /// The whole value replaces the file's, whatever another process wrote there meanwhile: the
  /// last writer wins. To change part of a value that other processes change too, use
  /// ``merge(_:)``.
  public nonisolated func save(_ value: Value) {
    update { $0 = value }
  }

  /// Changes the value in place and schedules a write; returns at once.
  ///
  /// The value it leaves replaces the file's, as ``save(_:)`` does: the closure is not kept, so it
  /// cannot be replayed over another process's change. Use ``merge(_:)`` for a value that other
  /// processes change too.
  public nonisolated func update(_ change: (inout Value) -> Void) {
    scheduled(shared.withLock { $0.update(change) })
  }

  /// Changes the value in place and schedules a write that keeps every other process's changes;
  /// returns at once.
  ///
  /// The change applies to ``value`` at once, and is kept until it is written: when another
  /// process (an app's widget, a second window) changed the file since this store last read or
  /// wrote it, the write reads the file under a lock shared by the processes and replays the
  /// changes not yet written over its value. So a change must say what it does to any value,
  /// not assume the one it sees now: insert an id, set a field.
  ///
  /// ```swift
  /// favorites.merge { $0.insert(product.id) }  // another window's favourites stay
  /// try await favorites.flush()
  /// ```
  ///
  /// - Parameter change: The change; it may run again, over the file's value, on the store's queue.
  public nonisolated func merge(_ change: @escaping @Sendable (inout Value) -> Void) {
    merge { value, _ in change(&value) }
  }

  /// Changes the value as ``merge(_:)`` does, with a change also given, when another process
  /// wrote the file, the value this process alone would have where it applies (the file as this
  /// process last wrote it, with its earlier changes): a persisted cache tells from it which keys
  /// another process changed.
  nonisolated func merge(_ change: @escaping @Sendable (inout Value, _ own: Value?) -> Void) {
    scheduled(shared.withLock { $0.merge(change) })
  }

  private nonisolated func scheduled(_ action: FileStoreState<Value, FlushWaiter>.SaveAction) {
    switch action {
    case .scheduleWriter: queue.async { self.writePending() }
    case .coalesced:
      inspection?.record(.saveCoalesced)
      inspection?.deliver()
    }
  }

  /// Waits until every value saved before this call is on disk, or until the calling task is
  /// cancelled.
  ///
  /// A cancelled caller stops waiting at once and the call returns; the write goes on, and a
  /// later `flush()` waits for it. So a return from a cancelled task does not say the value is
  /// on disk: check `Task.isCancelled` where it matters.
  ///
  /// - Throws: ``FileStoreError/writeFailed(_:underlying:)`` or ``FileStoreError/encodingFailed(_:)`` when the
  ///   last write failed; the file then still holds the value written before.
  public func flush() async throws(FileStoreError) {
    let id = shared.withLock { $0.makeFlushID() }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: FlushWaiter) in
        let action: FileStoreState<Value, FlushWaiter>.FlushAction? = shared.withLock { state in
          Task.isCancelled ? nil : state.flush(waiter, id: id)
        }
        switch action {
        case nil: waiter.resume(returning: .success(()))
        case .done(let result): waiter.resume(returning: result)
        case .wait: break
        }
      }
    } onCancel: {
      shared.withLock { $0.cancelFlush(id) }?.resume(returning: .success(()))
    }
    try result.get()
  }

  /// Takes in the file as another process left it, if it changed since this store last read or
  /// wrote it: ``value`` becomes the file's value with this store's changes not yet written
  /// replayed over it (see ``merge(_:)``), and ``updates()`` streams it.
  ///
  /// It costs one `stat` of the file when nothing changed (about 2 µs), so call it whenever
  /// another process may have written: when the app becomes active, when a screen appears.
  /// A write of this store takes in another process's change the same way.
  ///
  /// A corrupt or unreadable file is moved aside and the store keeps its value, to write next.
  ///
  /// - Returns: Whether the file had changed on disk.
  @discardableResult
  public nonisolated func reload() async -> Bool {
    await Self.run(on: queue) { self.takeInChanges() }
  }

  /// On the queue: the write after the last one this store made, until every save is written.
  private nonisolated func writePending() {
    while let write = shared.withLock(delivering: false, { $0.nextWrite() }) {
      let clock = inspection.map(FlightClock.init)
      let written = disk.write(base: write.base, known: write.stamp, replaying: write.replayed(over:merging:))
      if let inspection, let clock {
        record(written.problem, reread: written.reread.map { $0.stamp == nil })
        inspection.record(written.error.map { .writeFailed(FailureCategory($0)) } ?? .written(duration: clock.elapsed))
        inspection.deliver()  // before the flush waiters hear of the write
      }
      let (waiters, outcome) = shared.withLock { state in
        state.wrote(
          write.version, as: written.file?.value, stamp: written.file?.stamp,
          reread: written.reread.map { .init(value: $0.value, stamp: $0.stamp) }, error: written.error)
      }
      for waiter in waiters { waiter.resume(returning: outcome) }
    }
  }

  /// On the queue: reads the file again if another process changed it.
  private nonisolated func takeInChanges() -> Bool {
    let known = shared.withLock(delivering: false) { $0.stamp }
    let changed = disk.changes(since: known)
    record(changed.problem, reread: changed.reread.map { $0.stamp == nil })
    inspection?.deliver()
    guard let reread = changed.reread else { return changed.problem != nil }
    shared.withLock { $0.reloaded(.init(value: reread.value, stamp: reread.stamp)) }
    return true
  }

  private nonisolated func record(_ problem: FileStoreError?, reread usedDefault: Bool?) {
    if let problem { inspection?.record(.movedAside(corrupt: FileReader.Outcome<Value>(problem: problem).isCorrupt)) }
    if let usedDefault { inspection?.record(.loaded(usedDefault: usedDefault)) }
  }

  /// Runs `body` on `queue` and waits for it without holding a thread of the pool.
  private static func run<Result: Sendable>(
    on queue: DispatchQueue, _ body: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: body()) }
    }
  }
}
