import Foundation

/// The files of a persisted ``Cache`` (``CacheDisk``): what the cache saves its values through,
/// takes in other processes' changes from, and what went wrong when it was opened.
///
/// Made where `Key` and `Value` are `Codable`; the cache, which needs neither, holds it through
/// the closures it was made with.
final class CachePersistence<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// Why the cache started without the file's values, if it did.
  let loadProblem: CachePersistenceError?
  /// The most values saved; `nil` saves every value.
  let limit: Int?
  private let wallClock: @Sendable () -> Date
  /// Writes one save on the disk's queue; returns what other processes wrote before it.
  private let write: @Sendable (CacheSave<Key, Value>) async -> (FileChanges<Key, Value>?, FileStoreError?)
  /// Reads what other processes wrote since, on the disk's queue, and how many saves the disk
  /// had written then.
  private let look: @Sendable () async -> (FileChanges<Key, Value>?, writes: UInt64)
  /// How the last save's write went.
  private let lastError = LockedState<FileStoreError?>(nil)

  init(
    loadProblem: CachePersistenceError?, limit: Int?, wallClock: @escaping @Sendable () -> Date,
    write: @escaping @Sendable (CacheSave<Key, Value>) async -> (FileChanges<Key, Value>?, FileStoreError?),
    look: @escaping @Sendable () async -> (FileChanges<Key, Value>?, writes: UInt64)
  ) {
    self.loadProblem = loadProblem
    self.limit = limit
    self.wallClock = wallClock
    self.write = write
    self.look = look
  }

  /// One save (K3): the keys changed and used since the save before, taken under the cache's
  /// lock and appended to the journal (or, after a file that could not be used, every value
  /// written as a new snapshot), then the write awaited, so that changes made meanwhile are
  /// coalesced into the next save. What other processes wrote before it is taken in: this
  /// save's keys were written after theirs, so they keep this process's values.
  ///
  /// It holds the cache's state, not the cache: a cache released with changes not yet written
  /// still writes them.
  func save(
    _ state: LockedState<CacheState<Key, Value>>, now: @escaping @Sendable () -> Duration,
    cost: @escaping @Sendable (Value) -> Int
  ) async {
    let time = now()
    let savedAt = wallClock().timeIntervalSince1970
    let save = state.withLock(delivering: false) { $0.nextSave(now: time, savedAt: savedAt) }
    let (changes, error) = await write(save)
    lastError.withLock { $0 = error }
    let (wallNow, later) = (wallClock().timeIntervalSince1970, now())
    let orphans = state.withLock { state in
      defer { state.finishSave() }
      guard let changes else { return [Task<Void, Never>]() }
      return state.takeIn(changes, writtenBefore: nil, now: later, wallNow: wallNow, cost: cost)
    }
    for orphan in orphans { orphan.cancel() }
  }

  /// Takes in what other processes wrote to the file since this one last read or wrote it:
  /// their values replace this cache's (but for keys changed here and not written yet), and
  /// the cache's streams show them.
  ///
  /// - Returns: Whether another process had changed the file.
  func takeInChanges(
    _ state: LockedState<CacheState<Key, Value>>, now: @escaping @Sendable () -> Duration,
    cost: @escaping @Sendable (Value) -> Int
  ) async -> Bool {
    let (changes, writes) = await look()
    guard let changes else { return false }
    let (wallNow, time) = (wallClock().timeIntervalSince1970, now())
    let orphans = state.withLock { state in
      state.takeIn(changes, writtenBefore: writes, now: time, wallNow: wallNow, cost: cost)
    }
    for orphan in orphans { orphan.cancel() }
    return true
  }

  /// Throws when the last save's write failed.
  func flush() throws(CachePersistenceError) {
    if let error = lastError.withLock({ $0 }) { throw .file(error) }
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
