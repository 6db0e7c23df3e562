import Testing

@testable import Custody

/// The file store's save, coalesce, flush and watch rules as plain values: no files, no actors.
@Suite(.timeLimit(.minutes(1)))
struct FileStoreStateTests {
  typealias State = FileStoreState<Int, String>

  var state = State(value: 0)

  @Test mutating func aBurstOfSavesSchedulesOneWriterThatWritesTheNewestValue() throws {
    #expect(state.update { $0 = 1 } == .scheduleWriter)
    #expect(state.update { $0 = 2 } == .coalesced)
    #expect(state.update { $0 += 1 } == .coalesced)
    let write = try #require(nextWriteCopy())
    #expect(write.value == 3 && write.version == 3)
    _ = state.wrote(write.version, error: nil)
    #expect(state.nextWrite() == nil, "written: the writer stops")
    #expect(state.update { $0 = 4 } == .scheduleWriter, "a save after the writer stopped schedules a new one")
  }

  @Test mutating func aSaveDuringAWriteIsWrittenByTheSameWriterNext() throws {
    _ = state.update { $0 = 1 }
    let first = try #require(nextWriteCopy())
    #expect(state.update { $0 = 2 } == .coalesced)
    _ = state.wrote(first.version, error: nil)
    #expect(state.nextWrite()?.value == 2)
  }

  @Test mutating func aWriteCountsInFlightUntilTheNewestSaveIsWrittenOrFails() throws {
    #expect(state.inFlightCount == 0)
    _ = state.update { $0 = 1 }
    #expect(state.inFlightCount == 1)
    let first = try #require(nextWriteCopy())
    #expect(state.update { $0 = 2 } == .coalesced)
    #expect(state.update { $0 = 3 } == .coalesced)
    #expect(state.inFlightCount == 1, "coalesced saves do not add up")
    _ = state.wrote(first.version, error: nil)
    #expect(state.inFlightCount == 1, "the newest save is not on disk yet")
    let second = try #require(nextWriteCopy())
    _ = state.wrote(second.version, error: .encodingFailed(UpstreamError(code: 1)))
    #expect(state.inFlightCount == 0, "a failed write is over")
    #expect(state.nextWrite() == nil)
  }

  @Test mutating func aFlushWaitsForTheWriteOfEverySaveBeforeIt() throws {
    #expect(isDone(state.flush("nothing saved")))
    _ = state.update { $0 = 1 }
    let first = try #require(nextWriteCopy())
    _ = state.update { $0 = 2 }
    #expect(!isDone(state.flush("flush")))
    #expect(state.wrote(first.version, error: nil).waiters.isEmpty, "the older write does not answer it")
    let second = try #require(nextWriteCopy())
    let (waiters, outcome) = state.wrote(second.version, error: nil)
    #expect(waiters == ["flush"])
    #expect((try? outcome.get()) != nil)
  }

  @Test mutating func aCancelledFlushIsHandedBackAndTheWriteAnswersOnlyTheOthers() throws {
    _ = state.update { $0 = 1 }
    let cancelled = state.makeFlushID()
    let kept = state.makeFlushID()
    #expect(!isDone(state.flush("cancelled", id: cancelled)))
    #expect(!isDone(state.flush("kept", id: kept)))
    #expect(state.cancelFlush(cancelled) == "cancelled")
    #expect(state.cancelFlush(cancelled) == nil, "handed back once")
    let write = try #require(nextWriteCopy())
    #expect(state.wrote(write.version, error: nil).waiters == ["kept"])
    #expect(state.cancelFlush(kept) == nil, "answered by the write already")
  }

  @Test mutating func aFailedWriteFailsItsFlushesAndLaterOnesUntilTheNextWrite() throws {
    _ = state.update { $0 = 1 }
    #expect(!isDone(state.flush("flush")))
    let write = try #require(nextWriteCopy())
    let failure = FileStoreError.encodingFailed(UpstreamError(code: 1))
    let (waiters, outcome) = state.wrote(write.version, error: failure)
    #expect(waiters == ["flush"])
    #expect(throws: FileStoreError.self) { try outcome.get() }
    guard case .done(let later) = state.flush("later") else { throw UnexpectedAction() }
    #expect(throws: FileStoreError.self) { try later.get() }
  }

  // A file another process wrote: the changes not yet written are replayed over its value, for
  // the write and for the value screens see; a whole value saved replaces it.
  @Test mutating func changesNotYetWrittenAreReplayedOverTheFileAnotherProcessWrote() async throws {
    var watcher = state.updates().makeAsyncIterator()
    #expect(await watcher.next() == 0)
    _ = state.merge { value, _ in value += 1 }
    #expect(state.value == 1)
    state.reloaded(.init(value: 10, stamp: nil))
    #expect(state.value == 11, "the other process's value, with this change over it")
    #expect(await watcher.next() == 11, "skipping 1: a watcher that fell behind gets the newest")
    let next = state.nextWrite()
    let write = try #require(next)
    #expect(write.replayed(over: 20, merging: true) == 21)
    _ = state.wrote(write.version, as: 21, stamp: nil, reread: .init(value: 20, stamp: nil), error: nil)
    #expect(state.value == 21)

    _ = state.merge { value, _ in value += 1 }
    _ = state.update { $0 = 5 }
    let nextWhole = state.nextWrite()
    let whole = try #require(nextWhole)
    #expect(whole.replayed(over: 100, merging: true) == 5, "a saved value replaces the file's")
  }

  // A write that fails keeps its changes, to replay at the next write.
  @Test mutating func aFailedWriteKeepsItsChangesForTheNextWrite() throws {
    _ = state.merge { value, _ in value += 1 }
    let next = state.nextWrite()
    let write = try #require(next)
    _ = state.wrote(write.version, as: nil, stamp: nil, reread: nil, error: .encodingFailed(UpstreamError(code: 1)))
    _ = state.merge { value, _ in value += 2 }
    let retry = state.nextWrite()
    #expect(try #require(retry).replayed(over: 10, merging: true) == 13)
  }

  @Test mutating func aWatcherStartsFromTheValueNowThenGetsEveryChange() async {
    _ = state.update { $0 = 1 }
    var watcher = state.updates().makeAsyncIterator()
    #expect(await watcher.next() == 1, "the value when it subscribed, not the one before")
    _ = state.update { $0 = 2 }
    #expect(await watcher.next() == 2)
    _ = state.update { $0 += 1 }
    #expect(await watcher.next() == 3)
  }

  @Test mutating func aWatcherThatFallsBehindKeepsOnlyTheNewestValue() async {
    var slow = state.updates().makeAsyncIterator()
    var other = state.updates().makeAsyncIterator()
    #expect(await other.next() == 0)
    for value in 1...100 { _ = state.update { $0 = value } }
    #expect(await slow.next() == 100, "the value it subscribed with and 99 changes were dropped")
    #expect(await other.next() == 100)
    _ = state.update { $0 = 101 }
    #expect(await slow.next() == 101)
  }

  @Test mutating func aWatcherThatGoesAwayIsNoLongerCounted() {
    var kept: AsyncStream<Int>? = state.updates()
    do {
      let dropped = state.updates()
      #expect(state.subscriberCount == 2)
      _ = dropped
    }
    _ = state.update { $0 = 1 }
    #expect(state.subscriberCount == 1, "a dropped stream is not sent to any more")
    #expect(kept != nil)
    kept = nil
    #expect(state.subscriberCount == 0)
  }

  private mutating func nextWriteCopy() -> (value: Int, version: UInt64)? {
    state.nextWrite().map { ($0.value, $0.version) }
  }

  private func isDone(_ action: State.FlushAction) -> Bool {
    if case .done = action { return true }
    return false
  }

  struct UnexpectedAction: Error {}
}
