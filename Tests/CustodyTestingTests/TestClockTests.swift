import CustodyTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestClockTests {
  let clock = TestClock()

  @Test func timeMovesOnlyWhenAdvanced() {
    let start = clock.now
    #expect(clock.now == start)
    clock.advance(by: .seconds(3))
    #expect(start.duration(to: clock.now) == .seconds(3))
    clock.advance(to: start.advanced(by: .seconds(5)))
    #expect(start.duration(to: clock.now) == .seconds(5))
  }

  @Test func sleeperWakesWhenItsDeadlineIsReached() async throws {
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    try await clock.waitForSleepers(1)
    clock.advance(by: .seconds(9))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepersAreResumedInDeadlineOrder() async throws {
    let order = ControlledOperation<Int, Void>()
    let sleepers = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        try await order(seconds)
      }
    }
    try await clock.waitForSleepers(3)
    #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(1)))
    clock.advance(by: .seconds(1))
    #expect(try await order.waitForCalls(1).map(\.input) == [1])
    clock.advance(by: .seconds(1))
    #expect(try await order.waitForCalls(2).map(\.input) == [1, 2])
    clock.advance(by: .seconds(1))
    #expect(try await order.waitForCalls(3).map(\.input) == [1, 2, 3])
    for call in order.calls { call.resolve(()) }
    for sleeper in sleepers { try await sleeper.value }
  }

  @Test func cancelledSleeperThrowsAtOnce() async throws {
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    try await clock.waitForSleepers(1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingUntilThePastReturnsAtOnce() async throws {
    clock.advance(by: .seconds(5))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func runToLastDeadlineWakesEveryone() async throws {
    let sleepers = (1...3).map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
    try await clock.waitForSleepers(3)
    clock.runToLastDeadline()
    for sleeper in sleepers { try await sleeper.value }
    #expect(clock.now.offset == .seconds(3))
  }
}

@Suite(.timeLimit(.minutes(1)))
struct TestClockConcurrencyTests {
  @Test func concurrentAdvancesAddUp() async {
    let clock = TestClock()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { clock.advance(by: .seconds(1)) } }
    }
    #expect(clock.now.offset == .seconds(100))
  }

  @Test func advancingToAnInstantAlreadyPassedKeepsTheTime() {
    let clock = TestClock()
    clock.advance(by: .seconds(5))
    clock.advance(to: TestClock.Instant(offset: .seconds(2)))
    #expect(clock.now.offset == .seconds(5))
  }
}
