import Foundation

/// Owns one value persisted in a file: settings, a draft, a saved credential.
///
/// Load it once at start, read ``value`` synchronously from anywhere, and save as often as
/// the value changes: saves are coalesced, so a burst of them writes the last value once or a
/// few times, and ``flush()`` waits until the last value is on disk.
///
/// ```swift
/// let settings = FileStore(url: folder.appendingPathComponent("settings.json"), default: Settings())
/// let current = await settings.load()
/// settings.update { $0.sortOrder = .price }
/// try await settings.flush()  // before the app quits
/// ```
///
/// The guarantees:
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
  private typealias FlushWaiter = CheckedContinuation<Result<Void, FileStoreError>, Never>

  private let defaultValue: Value
  /// Shared with nonisolated ``save(_:)`` and ``value``.
  private let shared: LockedState<FileStoreState<Value, FlushWaiter>>
  private let inspection: Inspection?

  /// What went wrong while loading, if anything: the file was corrupt or unreadable and was
  /// moved aside.
  public private(set) var loadProblem: FileStoreError?

  /// Creates a store for the file at `url`; nothing is read until ``load()``.
  ///
  /// - Parameters:
  ///   - url: The file. Its folder must exist.
  ///   - defaultValue: The value when the file is missing, corrupt or unreadable.
  ///   - protection: Who may read the file.
  ///   - name: The name inspectors show, such as "settings".
  ///   - inspector: Receives this store's events (see ``OwnerInspector``):
  ///     ``OwnerEvent/Kind/loaded``, ``OwnerEvent/Kind/movedAside``,
  ///     ``OwnerEvent/Kind/saveCoalesced`` for a save folded into a write already scheduled,
  ///     ``OwnerEvent/Kind/written`` and ``OwnerEvent/Kind/writeFailed``.
  public init(
    url: URL, default defaultValue: Value, protection: Protection = .standard, name: String? = nil,
    inspector: (any OwnerInspector)? = nil
  ) {
    // `update(_:)` records under the lock; the lock's release delivers what is recorded.
    let inspection = Inspection.unkeyed(
      .fileStore, name: name ?? url.lastPathComponent, inspector: inspector, afterUnlock: true)
    self.inspection = inspection
    self.url = url
    self.defaultValue = defaultValue
    self.protection = protection
    shared = LockedState(FileStoreState(value: defaultValue), afterUnlock: inspection?.afterUnlock)
  }

  /// The current value: the last one saved, or the one loaded.
  public nonisolated var value: Value { shared.withLock { $0.value } }

  /// Reads the file and returns its value, or the default value when the file is missing,
  /// corrupt or unreadable (the file is then moved aside and ``loadProblem`` says why). A
  /// temporary file left by a crash is removed. Values saved before loading win.
  @discardableResult
  public func load() -> Value {
    try? FileManager.default.removeItem(at: FileWriter.temporaryURL(for: url))
    let loaded: Value
    var usedDefault = true
    do {
      loaded = try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
      usedDefault = false
    } catch CocoaError.fileReadNoSuchFile {
      loaded = defaultValue
    } catch let error as DecodingError {
      loadProblem = .corrupt(url, movedTo: moveAside(), underlying: error)
      inspection?.record(.movedAside(corrupt: true))
      loaded = defaultValue
    } catch {
      loadProblem = .unreadable(url, movedTo: moveAside(), underlying: error)
      inspection?.record(.movedAside(corrupt: false))
      loaded = defaultValue
    }
    inspection?.record(.loaded(usedDefault: usedDefault))
    // Releasing the lock delivers the events above.
    return shared.withLock { $0.loaded(loaded) }
  }

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

  private func moveAside() -> URL? {
    let stamp = Int((Date().timeIntervalSince1970 * 1000).rounded())
    let aside = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)")
    do {
      try FileManager.default.moveItem(at: url, to: aside)
      return aside
    } catch {
      return nil
    }
  }
}
