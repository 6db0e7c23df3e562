/// The rules of a ``FileStore`` as a plain value: the current value, the saves not yet written,
/// who waits for them to reach the disk, and who watches the value. Methods return what the
/// owner must do next; the owner writes files and resumes waiters. `Waiter` is generic so the
/// rules are tested without any concurrency.
///
/// The state starts from the value read from the file (or the default): the owner opens the
/// file before it makes the state, so no change can come before the file's value.
///
/// Saves are numbered. At most one writer is scheduled: a save while one is scheduled is
/// coalesced into its next write, which always writes the newest value. A flush waits for the
/// write of the newest save made before it, and gets that write's outcome.
///
/// Another process may write the file too. The state keeps the file's value as this process
/// last read or wrote it (the base) and the changes made since, in order, until they are
/// written: a write that finds the file changed on disk replays them over the file's value, so
/// both processes' changes are kept. A change is either a whole value (``save``, and the
/// non-escaping ``update(_:)``, which replace the file's value: the last writer wins) or a
/// closure kept to be replayed (``merge(_:)``). The value is always the base with the changes
/// not yet written applied.
///
/// Every change reaches the watchers in the order of the changes, as the owner makes them
/// under its lock; a new watcher starts from the value at that moment, so it never misses a
/// change made after it nor sees one made before it. A watcher that falls behind keeps only the
/// newest value.
struct FileStoreState<Value: Sendable, Waiter> {
  typealias Outcome = Result<Void, FileStoreError>

  enum SaveAction: Equatable {
    /// No writer is scheduled: schedule one.
    case scheduleWriter
    /// The scheduled writer will write this value.
    case coalesced
  }

  enum FlushAction {
    /// Every save made before the flush is written (or failed to be): answer at once.
    case done(Outcome)
    /// The waiter is kept until the write of the newest save.
    case wait
  }

  /// One change not yet written.
  enum Change: Sendable {
    /// The whole value: what was there before does not matter.
    case replace(Value)
    /// A change replayed over whatever value the file holds when it is written; also given the
    /// value this process alone would have had there when another process wrote the file (`nil`
    /// when none did), for a change that merges the two.
    case apply(@Sendable (inout Value, _ own: Value?) -> Void)
  }

  /// What the writer writes: every change up to `version`, replayed over the file's value.
  struct Write: Sendable {
    /// The value as this process sees it: `base` with `changes` applied.
    var value: Value
    /// The number of the newest save it holds.
    var version: UInt64
    /// The file's value as this process last read or wrote it, and its stamp then.
    var base: Value
    var stamp: FileStamp?
    var changes: [Change]

    /// The value to write over `file`, the file's value now; `merging` when another process
    /// wrote it, so that it differs from `base`.
    func replayed(over file: Value, merging: Bool) -> Value {
      FileStoreState.replay(changes, over: file, own: merging ? base : nil)
    }
  }

  /// A file another process changed, read by this one.
  struct Reread {
    /// The file's value (the default when it was removed).
    var value: Value
    var stamp: FileStamp?
  }

  private(set) var value: Value
  /// The number of the newest save; 0 before any.
  private(set) var version: UInt64 = 0
  /// The file's value when this process last read or wrote it.
  private var base: Value
  /// The stamp of the file then; `nil` when there was no file.
  private(set) var stamp: FileStamp?
  /// The changes not yet written, each with the number of its save.
  private var changes: [(version: UInt64, change: Change)] = []
  private var writerScheduled = false
  /// The newest save written, and how its write went.
  private var lastWrite: (version: UInt64, error: FileStoreError?) = (0, nil)
  private var flushWaiters: [(version: UInt64, id: UInt64, waiter: Waiter)] = []
  private var lastFlushID: UInt64 = 0
  /// Sends under the owner's lock; a stream's termination handler never takes that lock.
  private let watchers = Broadcast<Value>(keepingNewest: 1)

  init(value: Value, stamp: FileStamp? = nil) {
    self.value = value
    base = value
    self.stamp = stamp
  }

  /// Changes the value and numbers the change as a save. The value it leaves replaces the
  /// file's when written (the closure cannot be kept to be replayed).
  mutating func update(_ change: (inout Value) -> Void) -> SaveAction {
    change(&value)
    // A whole value makes every change before it moot.
    changes = [(version + 1, .replace(value))]
    return saved()
  }

  /// Changes the value and numbers the change as a save; the change is kept until written, and
  /// replayed over the file's value if another process changed the file meanwhile.
  mutating func merge(_ change: @escaping @Sendable (inout Value, _ own: Value?) -> Void) -> SaveAction {
    change(&value, nil)
    changes.append((version + 1, .apply(change)))
    return saved()
  }

  private mutating func saved() -> SaveAction {
    version += 1
    watchers.send(value)
    defer { writerScheduled = true }
    return writerScheduled ? .coalesced : .scheduleWriter
  }

  /// A stream of the value: the current one first, then the value after each later change.
  func updates() -> AsyncStream<Value> {
    watchers.updates(startingWith: value)
  }

  /// The number of streams from ``updates()`` that have not ended.
  var subscriberCount: Int { watchers.subscriberCount }

  /// 1 while a save is not yet written (a flush made now would wait), else 0: saves coalesce
  /// into one write, so they never add up. A failed write is over.
  var inFlightCount: Int { lastWrite.version < version ? 1 : 0 }

  /// What the writer writes next: the newest value, unless it is written already; then the
  /// writer stops, and the next save schedules a new one.
  mutating func nextWrite() -> Write? {
    guard version > lastWrite.version else {
      writerScheduled = false
      return nil
    }
    return Write(value: value, version: version, base: base, stamp: stamp, changes: changes.map(\.change))
  }

  /// Records the write of save `written` when the file had not changed on disk. Returns the
  /// flushes it answers and what they get.
  mutating func wrote(_ written: UInt64, error: FileStoreError?) -> (waiters: [Waiter], outcome: Outcome) {
    wrote(written, as: error == nil ? value(atVersion: written) : nil, stamp: stamp, reread: nil, error: error)
  }

  /// Records the write of save `written`: on success the file now holds `file` with `stamp`.
  /// `reread` is the file another process had written, read before the write; the value becomes
  /// it (or what was written over it) with the changes made since replayed over it, and the
  /// watchers get it. Returns the flushes the write answers and what they get.
  mutating func wrote(
    _ written: UInt64, as file: Value?, stamp newStamp: FileStamp?, reread: Reread?, error: FileStoreError?
  ) -> (waiters: [Waiter], outcome: Outcome) {
    lastWrite = (written, error)
    if let file, error == nil {
      changes.removeAll { $0.version <= written }
      rebase(on: file, stamp: newStamp, notify: reread != nil)
    } else if let reread {
      rebase(on: reread.value, stamp: reread.stamp, notify: true)
    }
    var answered: [Waiter] = []
    flushWaiters.removeAll { flush in
      guard flush.version <= written else { return false }
      answered.append(flush.waiter)
      return true
    }
    return (answered, error.map { .failure($0) } ?? .success(()))
  }

  /// Takes in the file as another process left it: the value becomes it with the changes not
  /// yet written replayed over it, and the watchers get it.
  mutating func reloaded(_ reread: Reread) {
    rebase(on: reread.value, stamp: reread.stamp, notify: true)
  }

  private mutating func rebase(on file: Value, stamp newStamp: FileStamp?, notify: Bool) {
    base = file
    stamp = newStamp
    guard notify else { return }
    value = Self.replay(changes.map(\.change), over: file, own: nil)
    watchers.send(value)
  }

  /// The value that was written for save `written`: the changes up to it replayed over the base.
  private func value(atVersion written: UInt64) -> Value {
    if written == version { return value }
    return Self.replay(changes.filter { $0.version <= written }.map(\.change), over: base, own: nil)
  }

  /// `changes` applied in order over `file`. With `own`, the value this process last read or
  /// wrote when another process has written `file` since, each change is also given what this
  /// process alone would have at that point.
  static func replay(_ changes: [Change], over file: Value, own: Value?) -> Value {
    var result = file
    var own = own
    for change in changes {
      switch change {
      case .replace(let whole):
        result = whole
        own = nil  // nothing of the other process's value is left
      case .apply(let apply):
        apply(&result, own)
        if var mine = own {
          apply(&mine, nil)
          own = mine
        }
      }
    }
    return result
  }

  /// An identity for the next flush, to cancel it by.
  mutating func makeFlushID() -> UInt64 {
    lastFlushID += 1
    return lastFlushID
  }

  /// A flush: done when the newest save is written, otherwise `waiter` waits for that write.
  mutating func flush(_ waiter: Waiter, id: UInt64 = 0) -> FlushAction {
    guard lastWrite.version < version else { return .done(lastWrite.error.map { .failure($0) } ?? .success(())) }
    flushWaiters.append((version, id, waiter))
    return .wait
  }

  /// Stops keeping the flush `id` waiting, and hands back its waiter; `nil` when the write it
  /// waited for already answered it, or it never waited. The write goes on.
  mutating func cancelFlush(_ id: UInt64) -> Waiter? {
    guard let index = flushWaiters.firstIndex(where: { $0.id == id }) else { return nil }
    return flushWaiters.remove(at: index).waiter
  }
}
