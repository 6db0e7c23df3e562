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

  /// Reads the file at `url` and returns a store that starts from its value: the default value
  /// when the file is missing, corrupt or unreadable (the file is then moved aside and
  /// ``loadProblem`` says why). A temporary file left by a crash is removed.
  ///
  /// The file is read and decoded off the caller's actor, so opening from the main actor does
  /// not stall it.
  ///
  /// - Parameters:
  ///   - url: The file. Its folder must exist.
  ///   - defaultValue: The value when the file is missing, corrupt or unreadable.
  ///   - protection: Who may read the file.
  ///   - name: The name inspectors show, such as "settings".
  ///   - inspector: Receives this store's events (see ``OwnerInspector``):
  ///     ``OwnerEvent/Kind/movedAside`` and ``OwnerEvent/Kind/loaded`` when it opens,
  ///     ``OwnerEvent/Kind/saveCoalesced`` for a save folded into a write already scheduled,
  ///     ``OwnerEvent/Kind/written`` and ``OwnerEvent/Kind/writeFailed``.
  /// - Returns: The store, holding the file's value.
  public static func open(
    url: URL, default defaultValue: Value, protection: Protection = .standard, name: String? = nil,
    inspector: (any OwnerInspector)? = nil
  ) async -> FileStore {
    let read = await FileReader.read(Value.self, from: url)
    return FileStore(
      url: url, value: read.value ?? defaultValue, read: read, protection: protection, name: name, inspector: inspector)
  }

  /// Opens the store as ``open(url:default:protection:name:inspector:)`` does, decoding the file
  /// with `decode`, for a value whose decoding needs more than the file (a persisted cache's
  /// expected schema version).
  static func open(
    url: URL, default defaultValue: Value, protection: Protection = .standard, name: String? = nil,
    inspector: (any OwnerInspector)? = nil, decode: @escaping @Sendable (Data) throws -> Value
  ) async -> FileStore {
    let read = await FileReader.read(from: url, decode: decode)
    return FileStore(
      url: url, value: read.value ?? defaultValue, read: read, protection: protection, name: name, inspector: inspector)
  }

  private init(
    url: URL, value: Value, read: FileReader.Outcome<Value>, protection: Protection, name: String?,
    inspector: (any OwnerInspector)?
  ) {
    // `update(_:)` records under the lock; the lock's release delivers what is recorded.
    let inspection = Inspection.unkeyed(
      .fileStore, name: name ?? url.lastPathComponent, inspector: inspector, afterUnlock: true)
    self.inspection = inspection
    self.url = url
    self.protection = protection
    loadProblem = read.problem
    shared = LockedState(FileStoreState(value: value), afterUnlock: inspection?.afterUnlock)
    if read.problem != nil { inspection?.record(.movedAside(corrupt: read.isCorrupt)) }
    inspection?.record(.loaded(usedDefault: read.value == nil))
    inspection?.deliver()
  }

  /// The current value: the file's, or the last one saved.
  public nonisolated var value: Value { shared.withLock(delivering: false) { $0.value } }

  /// A stream of the value: the current one first, then the value after every ``save(_:)`` and
  /// ``update(_:)``, in the order they were made.
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

  /// Sets the value and schedules a write; returns at once. Call ``flush()`` to wait for it.
  public nonisolated func save(_ value: Value) {
    update { $0 = value }
  }

  /// Changes the value in place and schedules a write; returns at once.
  public nonisolated func update(_ change: (inout Value) -> Void) {
    switch shared.withLock({ $0.update(change) }) {
    case .scheduleWriter: Task { await self.writePending() }
    case .coalesced:
      inspection?.record(.saveCoalesced)
      inspection?.deliver()
    }
  }

  /// Waits until every value saved before this call is on disk.
  ///
  /// - Throws: ``FileStoreError/writeFailed(_:underlying:)`` or ``FileStoreError/encodingFailed(_:)`` when the
  ///   last write failed; the file then still holds the value written before.
  public func flush() async throws(FileStoreError) {
    let result = await withCheckedContinuation { (waiter: FlushWaiter) in
      if case .done(let result) = shared.withLock({ $0.flush(waiter) }) { waiter.resume(returning: result) }
    }
    try result.get()
  }

  private func writePending() {
    while let (value, version) = shared.withLock({ $0.nextWrite() }) {
      let clock = inspection.map(FlightClock.init)
      let error = write(value)
      if let inspection, let clock {
        inspection.record(error.map { .writeFailed(FailureCategory($0)) } ?? .written(duration: clock.elapsed))
        inspection.deliver()  // before the flush waiters hear of the write
      }
      let (waiters, outcome) = shared.withLock { $0.wrote(version, error: error) }
      for waiter in waiters { waiter.resume(returning: outcome) }
    }
  }

  private func write(_ value: Value) -> FileStoreError? {
    let data: Data
    do { data = try JSONEncoder().encode(value) } catch { return .encodingFailed(error) }
    do {
      try FileWriter.replace(url, with: data, permissions: protection == .ownerOnly ? 0o600 : 0o644)
      return nil
    } catch {
      return .writeFailed(url, underlying: error)
    }
  }
}
