import Foundation
import Testing

@testable import CustodyHTTP

/// The transport's table of streamed transfers, without a network or concurrency.
@Suite struct StreamTableTests {
  var table = StreamTable<String, String>(heldLimit: 8)

  /// Who is answered with the head and where bytes go: `"caller → body"`, `"→ body"`,
  /// `"held"` or `"ignored"`.
  static func describe(_ delivery: StreamTable<String, String>.Delivery) -> String {
    switch delivery {
    case .ignored: "ignored"
    case .held: "held"
    case .deliver(let waiter, let sink): "\(waiter ?? "") → \(sink)".trimmingCharacters(in: .whitespaces)
    }
  }

  mutating func started(_ id: Int = 1) -> TransferTable<String>.StartAction {
    table.create(id, sink: "body")
    return table.start(id, waiter: "caller")
  }

  @Test mutating func theHeadGoesToTheCallerOnceThenBytesGoToTheBody() {
    let start = started()
    let head = Self.describe(table.receiveHead(1, status: 200))
    let data = Self.describe(table.receive(1, data: Data("ab".utf8)))
    let end = table.complete(1, error: nil)

    #expect(start == .resume)
    #expect(head == "caller → body")
    #expect(data == "→ body")
    #expect(end?.waiter == nil && end?.sink == "body" && end?.failure == nil && end?.heldBody == nil)
    #expect(table.count == 0)
  }

  @Test mutating func bytesWithoutAReportedHeadAnswerTheCallerFirst() {
    _ = started()
    #expect(Self.describe(table.receive(1, data: Data("ab".utf8))) == "caller → body")
  }

  @Test mutating func aTransferEndingBeforeItsHeadAnswersTheCaller() {
    _ = started()
    let end = table.complete(1, error: URLError(.timedOut))

    #expect(end?.waiter == "caller")
    #expect(end?.failure == .timedOut)
  }

  @Test mutating func aCancellationBeforeTheStartIsKeptAndTheTaskNeverStarts() {
    table.create(1, sink: "body")
    let cancelled = table.cancel(1)
    let start = table.start(1, waiter: "caller")

    #expect(cancelled == nil)
    #expect(start == .failCancelled)
    #expect(table.count == 0)
  }

  @Test mutating func aReaderThatStopsForgetsTheTransferAndLaterEventsAreIgnored() {
    _ = started()
    _ = table.receiveHead(1, status: 200)
    let cancelled = table.cancel(1)

    #expect(cancelled == nil, "nobody waits for a head any more")
    #expect(Self.describe(table.receive(1, data: Data())) == "ignored")
    #expect(table.complete(1, error: URLError(.cancelled)) == nil)
    #expect(table.count == 0)
  }

  @Test mutating func aCallerCancelledWhileWaitingForTheHeadIsReturnedToFail() {
    _ = started()
    #expect(table.cancel(1) == "caller")
    #expect(Self.describe(table.receiveHead(1, status: 200)) == "ignored")
  }

  @Test mutating func a401IsHeldAndDeliveredWhenTheTaskEndsWithItsBody() {
    _ = started()
    let head = Self.describe(table.receiveHead(1, status: 401))
    let data = Self.describe(table.receive(1, data: Data("denied, and more".utf8)))
    table.declineChallenge(1)
    let end = table.complete(1, error: URLError(.cancelled))

    #expect(head == "held" && data == "held")
    #expect(end?.waiter == "caller", "the caller learns the head only now")
    #expect(end?.heldBody == Data("denied, ".utf8), "kept up to the limit")
    #expect(end?.failure == nil, "a declined challenge is an answer, not a failure")
  }

  @Test mutating func anAnsweredChallengeDropsTheHeldHeadAndTheNextHeadIsTheAnswer() {
    _ = started()
    _ = table.receiveHead(1, status: 401)
    _ = table.receive(1, data: Data("denied".utf8))
    table.answerChallenge(1)
    let head = Self.describe(table.receiveHead(1, status: 200))
    let end = table.complete(1, error: nil)

    #expect(head == "caller → body")
    #expect(end?.heldBody == nil)
  }

  @Test mutating func aRefusedChallengeFailsWithItsCodeNotAsACancellation() {
    _ = started()
    _ = table.receiveHead(1, status: 401)
    table.refuseChallenge(1, code: .userCancelledAuthentication)
    let end = table.complete(1, error: URLError(.cancelled))

    #expect(end?.waiter == "caller")
    #expect(end?.failure == .transport(code: -1012, reason: "the authentication challenge was refused"))
  }
}
