import Custody
import CustodyTesting
import Testing

/// What a SingleFlight tells its inspector, and in which order.
@Suite(.timeLimit(.minutes(1)))
struct SingleFlightEventsTests {
  let inspector = TestInspector()
  let fetch = ControlledOperation<Int, String>()
  let flight: SingleFlight<Int, String>

  init() { flight = SingleFlight(name: "avatars", inspector: inspector, describeKey: { "avatar \($0)" }) }

  private func caller(_ key: Int) -> Task<String, any Error> {
    Task { [flight, fetch] in try await flight.run(key) { try await fetch(key) } }
  }

  @Test func aSharedOperationStartsOnceIsJoinedByEveryCallerAndFinishes() async throws {
    let callers = (0..<3).map { _ in caller(7) }
    try await inspector.waitForWaiters(3, on: 7)
    try await fetch.waitForCalls(1)[0].resolve("seven")
    for caller in callers { _ = try await caller.value }
    try await inspector.waitUntilIdle()
    #expect(inspector.shapes() == ["started load", "joined 1", "joined 2", "joined 3", "finished succeeded"])
    let event = inspector.events[0]
    #expect(event.owner.name == "avatars" && event.owner.kind == .singleFlight)
    #expect(event.key?.description == "avatar 7", "keys are shown the way the app chose")
  }

  @Test func aCallerLeavingIsReportedAndTheLastOneAbandonsTheOperation() async throws {
    let first = caller(1)
    let second = caller(1)
    try await inspector.waitForWaiters(2, on: 1)
    first.cancel()
    try await inspector.waitForEvent { if case .left = $0.kind { true } else { false } }
    second.cancel()
    try await inspector.waitUntilIdle()
    #expect(inspector.shapes() == ["started load", "joined 1", "joined 2", "left 1", "abandoned"])
  }

  // S4: the forgotten operation is detached before it finishes, and its end is still reported.
  @Test func forgetDetachesTheOperationBeforeItFinishes() async throws {
    let early = caller(1)
    try await inspector.waitForWaiters(1, on: 1)
    flight.forget(1)
    try await fetch.waitForCalls(1)[0].fail(UpstreamError(code: 5))
    _ = await early.result
    try await inspector.waitUntilIdle()
    #expect(
      inspector.shapes() == ["started load", "joined 1", "detached by forget", "finished failed (unknown failure)"])
  }
}
