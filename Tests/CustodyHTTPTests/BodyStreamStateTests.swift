import Foundation
import Testing

@testable import CustodyHTTP

/// The streamed body's state machine, without concurrency: what a reader reads, when it waits,
/// and when the producer is stopped.
@Suite struct BodyStreamStateTests {
  var state = BodyStreamState<String>(limit: 10)

  static func bytes(_ text: String) -> Data { Data(text.utf8) }

  @Test mutating func chunksBufferedBeforeTheReaderAreReadInOrderThenTheEnd() {
    _ = state.yield(Self.bytes("ab"))
    _ = state.yield(Self.bytes("cd"))
    _ = state.finish(nil)

    #expect(state.read() == .chunk(Self.bytes("ab")))
    #expect(state.read() == .chunk(Self.bytes("cd")))
    #expect(state.read() == .end)
    #expect(state.read() == .end, "the end stays the end")
    #expect(state.bufferedBytes == 0)
  }

  @Test mutating func aWaitingReaderGetsTheNextChunkDirectly() {
    let waited = state.wait("reader")
    let action = state.yield(Self.bytes("abc"))

    #expect(waited == nil)
    guard case .resume(let waiter, let chunk) = action else {
      Issue.record("expected the reader to be resumed, got \(action)")
      return
    }
    #expect(waiter == "reader" && chunk == Self.bytes("abc"))
    #expect(state.bufferedBytes == 0)
  }

  @Test mutating func aFailureComesAfterTheUnreadChunksAndOnlyOnce() {
    _ = state.yield(Self.bytes("ab"))
    _ = state.finish(.offline(reason: "lost"))

    #expect(state.read() == .chunk(Self.bytes("ab")))
    #expect(state.read() == .failure(.offline(reason: "lost")))
    #expect(state.read() == .end)
  }

  @Test mutating func aReaderWaitingAtTheEndIsAnsweredByTheFinish() {
    _ = state.wait("reader")
    let answered = state.finish(.timedOut)

    #expect(answered?.0 == "reader")
    #expect(answered?.1 == .failure(.timedOut))
    #expect(state.read() == .end)
  }

  @Test mutating func fallingTooFarBehindFailsTheBodyAndStopsTheProducer() {
    let first = state.yield(Data(count: 8))
    let second = state.yield(Data(count: 3))
    let late = state.yield(Data(count: 1))
    let (_, stop) = state.cancel()

    #expect("\(first)" == "buffered")
    #expect("\(second)" == "overflow")
    #expect("\(late)" == "dropped")
    #expect(state.read() == .failure(.responseTooLarge(limit: 10)))
    #expect(!stop, "the overflow already stopped the producer")
  }

  @Test mutating func oneChunkLargerThanTheLimitIsAcceptedWhenNothingWaitsUnread() {
    let action = state.yield(Data(count: 50))
    #expect("\(action)" == "buffered")
    #expect(state.read() == .chunk(Data(count: 50)))
  }

  @Test mutating func aCancelledReaderIsAnsweredCancelledAndTheProducerIsStoppedOnce() {
    _ = state.wait("reader")
    let (waiter, stop) = state.cancel()
    let (again, stopAgain) = state.cancel()
    let late = state.yield(Self.bytes("late"))

    #expect(waiter == "reader" && stop)
    #expect(again == nil && !stopAgain)
    #expect("\(late)" == "dropped")
    #expect(state.read() == .end, "the waiter was answered cancelled already")
  }

  @Test mutating func cancellingWithUnreadChunksReadsAsCancelledNotAsTheEnd() {
    _ = state.yield(Self.bytes("ab"))
    _ = state.finish(nil)
    let (_, stop) = state.cancel()

    #expect(!stop, "the producer had finished")
    #expect(state.read() == .failure(.cancelled))
  }

  @Test mutating func cancellingAfterEverythingWasReadKeepsTheEnd() {
    _ = state.yield(Self.bytes("ab"))
    _ = state.finish(nil)
    _ = state.read()
    _ = state.cancel()

    #expect(state.read() == .end)
  }

  @Test mutating func aFailureNotYetReadSurvivesTheReaderLeaving() {
    _ = state.finish(.timedOut)
    _ = state.cancel()
    #expect(state.read() == .failure(.timedOut))
  }
}
