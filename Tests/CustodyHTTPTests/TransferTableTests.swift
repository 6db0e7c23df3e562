import Foundation
import Testing

@testable import CustodyHTTP

/// The transport's per-request state machine, without a network or concurrency.
@Suite struct TransferTableTests {
  var table = TransferTable<String>(limit: 10)

  /// Completes transfer `id` and tells who is answered and how: `"caller: body abc"`,
  /// `"caller: too large"`, `"caller: failed"`, or `nil` when nobody waits.
  mutating func finish(_ id: Int, error: (any Error)? = nil) -> String? {
    guard let (waiter, outcome) = table.complete(id, error: error) else { return nil }
    switch outcome {
    case .response(let body): return "\(waiter): body \(String(decoding: body, as: UTF8.self))"
    case .tooLarge: return "\(waiter): too large"
    case .failed: return "\(waiter): failed"
    }
  }

  @Test mutating func collectsTheBodyAndAnswersTheWaiter() {
    table.create(1)
    let start = table.start(1, waiter: "caller")
    let headOK = table.receiveResponse(1, expectedLength: 8)
    let firstOK = table.receive(1, data: Data("abcd".utf8))
    let secondOK = table.receive(1, data: Data("efgh".utf8))
    let finished = finish(1)

    #expect(start == .resume && headOK && firstOK && secondOK)
    #expect(finished == "caller: body abcdefgh")
    #expect(table.count == 0)
  }

  @Test mutating func aCancellationBeforeTheStartIsKeptAndTheTaskNeverStarts() {
    table.create(1)
    let cancelled = table.cancel(1)
    let start = table.start(1, waiter: "caller")

    #expect(cancelled == nil, "nobody waits yet")
    #expect(start == .failCancelled)
    #expect(table.count == 0)
  }

  @Test mutating func aCancellationAfterTheStartFailsTheWaiterAndLaterEventsAreIgnored() {
    table.create(1)
    _ = table.start(1, waiter: "caller")
    let cancelled = table.cancel(1)
    let lateData = table.receive(1, data: Data("late".utf8))
    let lateEnd = finish(1, error: URLError(.cancelled))

    #expect(cancelled == "caller")
    #expect(!lateData)
    #expect(lateEnd == nil)
  }

  @Test mutating func anAnnouncedLengthOverTheLimitStopsAtOnce() {
    table.create(1)
    _ = table.start(1, waiter: "caller")
    let headOK = table.receiveResponse(1, expectedLength: 11)
    let finished = finish(1, error: URLError(.cancelled))

    #expect(!headOK)
    #expect(finished == "caller: too large")
  }

  @Test mutating func aBodyPassingTheLimitStopsEvenIfTheTaskEndsWithoutError() {
    table.create(1)
    _ = table.start(1, waiter: "caller")
    let headOK = table.receiveResponse(1, expectedLength: -1)
    let reads = [table.receive(1, data: Data(count: 6)), table.receive(1, data: Data(count: 6))]
    let afterStop = table.receive(1, data: Data(count: 1))
    let finished = finish(1, error: nil)

    #expect(headOK, "an unknown length is read and counted")
    #expect(reads == [true, false])
    #expect(!afterStop, "stays stopped")
    #expect(finished == "caller: too large")
  }

  @Test mutating func aDeclinedChallengeDeliversTheResponseDespiteTheCancellation() {
    table.create(1)
    _ = table.start(1, waiter: "caller")
    table.declineChallenge(1)
    let finished = finish(1, error: URLError(.cancelled))

    #expect(finished == "caller: body ")
  }

  @Test mutating func transfersAreIndependent() {
    table.create(1)
    table.create(2)
    _ = table.start(1, waiter: "one")
    _ = table.start(2, waiter: "two")
    _ = table.receive(1, data: Data("1".utf8))
    _ = table.receive(2, data: Data("22".utf8))
    let cancelled = table.cancel(1)
    let finished = finish(2)

    #expect(cancelled == "one")
    #expect(finished == "two: body 22")
  }
}
