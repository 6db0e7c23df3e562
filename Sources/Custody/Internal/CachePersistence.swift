import Foundation

/// The file of a persisted ``Cache``, owned by a ``FileStore``: what the cache saves its values
/// through, and what went wrong when it was opened.
///
/// Made where `Key` and `Value` are `Codable`; the cache, which needs neither, holds it through
/// the closures it was made with.
final class CachePersistence<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// Why the cache started without the file's values, if it did.
  let loadProblem: CachePersistenceError?
  /// The most values saved; `nil` saves every value.
  let limit: Int?
  private let wallClock: @Sendable () -> Date
  /// Gives the file a snapshot saved at a wall-clock time; returns at once.
  private let handOver: @Sendable (CacheSnapshot<Key, Value>, Date) -> Void
  /// Waits until the last snapshot handed over is written.
  private let waitForWrite: @Sendable () async throws(FileStoreError) -> Void

  init(
    loadProblem: CachePersistenceError?, limit: Int?, wallClock: @escaping @Sendable () -> Date,
    handOver: @escaping @Sendable (CacheSnapshot<Key, Value>, Date) -> Void,
    waitForWrite: @escaping @Sendable () async throws(FileStoreError) -> Void
  ) {
    self.loadProblem = loadProblem
    self.limit = limit
    self.wallClock = wallClock
    self.handOver = handOver
    self.waitForWrite = waitForWrite
  }

  /// One save (K3): a snapshot of the values under the cache's lock, handed to the file, then
  /// the write awaited, so that changes made meanwhile are coalesced into the next save. The
  /// file merges it with what another process wrote there (``CacheFile/merge(_:own:version:savedAt:limit:)``).
  ///
  /// It holds the cache's state, not the cache: a cache released with changes not yet written
  /// still writes them.
  func save(_ state: LockedState<CacheState<Key, Value>>, now: @Sendable () -> Duration) async {
    let time = now()
    let saved = state.withLock(delivering: false) { state in
      let entries = state.snapshot(now: time)
      let changed = state.takeChangedKeys()
      return CacheSnapshot(
        entries: entries, changedKeys: changed.keys, heldKeys: Set(state.entries.indices.keys),
        replacesFile: changed.replacesFile)
    }
    handOver(saved, wallClock())
    try? await waitForWrite()  // a failed write is for `flush()` to report
    state.withLock(delivering: false) { $0.finishSave() }
  }

  /// Waits until the last snapshot handed to the file is written.
  func flush() async throws(CachePersistenceError) {
    do {
      try await waitForWrite()
    } catch {
      throw .file(error)
    }
  }

  /// The wall-clock time since `savedAt` (seconds since 1970), never negative: a clock set
  /// back makes it zero, not a value younger than it was when saved.
  func elapsed(since savedAt: Double) -> Duration {
    .seconds(min(max(wallClock().timeIntervalSince1970 - savedAt, 0), 1e12))
  }
}

extension CachePersistenceError {
  /// The reason inspectors see for the problem.
  var reason: OwnerEvent.Reason {
    switch self {
    case .schemaChanged: .schemaChanged
    case .file(.unreadable): .unreadable
    case .file: .corrupt
    }
  }
}
