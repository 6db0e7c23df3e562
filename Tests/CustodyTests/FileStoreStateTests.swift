import Testing

@testable import Custody

/// The file store's save, coalesce and flush rules as plain values: no files, no actors.
@Suite struct FileStoreStateTests {
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

  @Test mutating func aValueSavedBeforeLoadingWinsOverTheFile() {
    #expect(state.loaded(7) == 7)
    _ = state.update { $0 = 9 }
    #expect(state.loaded(7) == 9)
  }

  private mutating func nextWriteCopy() -> (value: Int, version: UInt64)? { state.nextWrite() }

  private func isDone(_ action: State.FlushAction) -> Bool {
    if case .done = action { return true }
    return false
  }

  struct UnexpectedAction: Error {}
}
