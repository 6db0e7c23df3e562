import CustodyTesting
import Testing

@testable import Custody

@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct SingleFlightTests {
  let fetch = ControlledOperation<Int, String>()
  let inspector = TestInspector()
  let flight: SingleFlight<Int, String>

  init() { flight = SingleFlight(inspector: inspector) }

  private func caller(_ key: Int) -> Task<String, any Error> {
    Task { [flight, fetch] in try await flight.run(key) { try await fetch(key) } }
  }

  // S1
  @Test func concurrentCallersForOneKeyShareOneOperation() async throws {
    let callers = (0..<5).map { _ in caller(1) }
    try await inspector.waitForWaiters(5, on: 1)
    try await fetch.waitForCalls(1)[0].resolve("one")
    for caller in callers { #expect(try await caller.value == "one") }
    #expect(fetch.callCount == 1)
  }

  // S1
  @Test func everyCallerGetsTheSharedError() async throws {
    let callers = (0..<3).map { _ in caller(1) }
    try await inspector.waitForWaiters(3, on: 1)
    try await fetch.waitForCalls(1)[0].fail(UpstreamError(code: 7))
    for caller in callers { #expect(await caller.ending == .failed(UpstreamError(code: 7))) }
    #expect(fetch.callCount == 1)
  }

  @Test func differentKeysRunTheirOwnOperations() async throws {
    let one = caller(1)
    let two = caller(2)
    let calls = try await fetch.waitForCalls(2)
    for call in calls { call.resolve("v\(call.input)") }
    #expect(try await one.value == "v1")
    #expect(try await two.value == "v2")
  }

  // S2
  @Test func cancelledCallerStopsAtOnceWhileOthersKeepWaiting() async throws {
    let leaving = caller(1)
    let staying = caller(1)
    try await inspector.waitForWaiters(2, on: 1)
    let call = try await fetch.waitForCalls(1)[0]

    leaving.cancel()
    #expect(await leaving.ending == .cancelled)
    #expect(call.isPending && !call.isCancelled, "the operation must keep running for the other caller")

    call.resolve("one")
    #expect(try await staying.value == "one")
  }

  // S2
  @Test func lastCallerLeavingCancelsTheOperationAndFreesTheKeyAtOnce() async throws {
    let slowToStop = ControlledOperation<Int, String>(onCancel: .ignore)
    let first = Task { [flight] in try await flight.run(1) { try await slowToStop(1) } }
    let old = try await slowToStop.waitForCalls(1)[0]

    first.cancel()
    #expect(await first.ending == .cancelled)
    try await old.waitForCancellation()
    #expect(flight.inFlightCount == 0)

    // The old operation has not stopped yet; a new caller must not join it.
    let second = Task { [flight] in try await flight.run(1) { try await slowToStop(1) } }
    let new = try await slowToStop.waitForCalls(2)[1]
    old.resolve("stale")
    new.resolve("fresh")
    #expect(try await second.value == "fresh")
  }

  // S2
  @Test func callerCancelledBeforeCallingNeverStartsTheOperation() async {
    let task = Task { [flight, fetch] in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await flight.run(1) { try await fetch(1) }
    }
    #expect(await task.ending == .cancelled)
    #expect(fetch.callCount == 0)
    #expect(flight.inFlightCount == 0)
  }

  // S3
  @Test func keyIsFreeWhenTheOperationEndsAndNothingIsKept() async throws {
    let first = caller(1)
    try await fetch.waitForCalls(1)[0].resolve("first")
    #expect(try await first.value == "first")
    #expect(flight.inFlightCount == 0)

    let second = caller(1)
    try await fetch.waitForCalls(2)[1].resolve("second")
    #expect(try await second.value == "second")
    #expect(fetch.callCount == 2)
  }

  // S4
  @Test func forgetLetsLaterCallersStartAnewWhileEarlierOnesGetTheOldResult() async throws {
    let early = caller(1)
    let old = try await fetch.waitForCalls(1)[0]
    flight.forget(1)

    let late = caller(1)
    let new = try await fetch.waitForCalls(2)[1]
    old.resolve("old")
    #expect(try await early.value == "old")
    #expect(flight.inFlightCount == 1, "the old operation ending must not clear the newer one")

    let joiner = caller(1)
    try await inspector.waitForWaiters(2, on: 1)
    new.resolve("new")
    #expect(try await late.value == "new")
    #expect(try await joiner.value == "new")
    #expect(fetch.callCount == 2)
  }

  // S2 under every completion order: three callers and the operation's answer.
  @Test func cancellationsAndTheAnswerInEveryOrder() async throws {
    let orders = try await InterleavingExplorer(steps: 4).explore { order in
      let fetch = ControlledOperation<Int, String>()
      let inspector = TestInspector()
      let flight = SingleFlight<Int, String>(inspector: inspector)
      let callers = (0..<3).map { _ in Task { try await flight.run(1) { try await fetch(1) } } }
      try await inspector.waitForWaiters(3, on: 1)
      let call = try await fetch.waitForCalls(1)[0]

      var answered = false
      var expected: [Ending<String>?] = [nil, nil, nil]
      for step in order {
        if step == 3 {
          call.resolve("one")
          answered = true
          for index in 0..<3 where expected[index] == nil {
            expected[index] = .value("one")
            try #require(await callers[index].ending == .value("one"), "caller \(index) after the answer")
          }
        } else {
          callers[step].cancel()
          let ending = await callers[step].ending
          try #require(ending == expected[step] ?? .cancelled, "caller \(step) cancelled")
          expected[step] = ending
        }
      }
      let everyoneLeftFirst = order.last == 3
      try #require(call.isCancelled == everyoneLeftFirst, "the operation is cancelled only when all callers left")
      try #require(answered && flight.inFlightCount == 0 && fetch.callCount == 1)
    }
    #expect(orders == 24)
  }

  // S4 under every completion order: two generations and a late caller.
  @Test func forgottenOperationsNeverDisturbNewerOnesInAnyOrder() async throws {
    try await InterleavingExplorer(steps: 3).explore { order in
      let fetch = ControlledOperation<Int, String>()
      let inspector = TestInspector()
      let flight = SingleFlight<Int, String>(inspector: inspector)
      let early = Task { try await flight.run(1) { try await fetch(1) } }
      let old = try await fetch.waitForCalls(1)[0]
      flight.forget(1)
      let late = Task { try await flight.run(1) { try await fetch(1) } }
      let new = try await fetch.waitForCalls(2)[1]

      var joiner: Task<String, any Error>?
      for step in order {
        switch step {
        case 0:
          old.resolve("old")
          try #require(await early.ending == .value("old"))
        case 1:
          new.resolve("new")
          try #require(await late.ending == .value("new"))
        default:
          let task = Task { try await flight.run(1) { try await fetch(1) } }
          joiner = task
          if new.isPending {
            try await inspector.waitForWaiters(2, on: 1)
          } else {
            try await fetch.waitForCalls(3)[2].resolve("third")
          }
        }
      }
      let expectedJoiner: Ending<String> =
        order.firstIndex(of: 2)! < order.firstIndex(of: 1)! ? .value("new") : .value("third")
      try #require(await joiner?.ending == expectedJoiner)
      try #require(flight.inFlightCount == 0)
    }
  }
}
