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

  private(set) var value: Value
  /// The number of the newest save; 0 before any.
  private(set) var version: UInt64 = 0
  private var writerScheduled = false
  /// The newest save written, and how its write went.
  private var lastWrite: (version: UInt64, error: FileStoreError?) = (0, nil)
  private var flushWaiters: [(version: UInt64, waiter: Waiter)] = []
  /// Sends under the owner's lock; a stream's termination handler never takes that lock.
  private let watchers = Broadcast<Value>(keepingNewest: 1)

  init(value: Value) {
    self.value = value
  }

  /// Changes the value and numbers the change as a save.
  mutating func update(_ change: (inout Value) -> Void) -> SaveAction {
    change(&value)
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

  /// What the writer writes next: the newest value, unless it is written already; then the
  /// writer stops, and the next save schedules a new one.
  mutating func nextWrite() -> (value: Value, version: UInt64)? {
    guard version > lastWrite.version else {
      writerScheduled = false
      return nil
    }
    return (value, version)
  }

  /// Records the write of save `written`. Returns the flushes it answers and what they get.
  mutating func wrote(_ written: UInt64, error: FileStoreError?) -> (waiters: [Waiter], outcome: Outcome) {
    lastWrite = (written, error)
    var answered: [Waiter] = []
    flushWaiters.removeAll { flush in
      guard flush.version <= written else { return false }
      answered.append(flush.waiter)
      return true
    }
    return (answered, error.map { .failure($0) } ?? .success(()))
  }

  /// A flush: done when the newest save is written, otherwise `waiter` waits for that write.
  mutating func flush(_ waiter: Waiter) -> FlushAction {
    guard lastWrite.version < version else { return .done(lastWrite.error.map { .failure($0) } ?? .success(())) }
    flushWaiters.append((version, waiter))
    return .wait
  }
}
