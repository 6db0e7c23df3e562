import CustodyTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct MainActorStallMeterTests {
  @Test func blockingTheMainActorShowsAsLateness() async throws {
    let meter = MainActorStallMeter()
    meter.start()
    try await meter.waitForTicks(2)
    blockCurrentThread(for: .milliseconds(30))
    try await meter.waitForTicks(meter.tickCount + 1)
    let report = meter.stop()
    // The tick due during the block ran at least as late as the block lasted, less one tick.
    #expect(report.maxLateness >= .milliseconds(29))
    #expect(report.p99Lateness <= report.maxLateness)
  }

  @Test func startingAgainForgetsTheEarlierRun() async throws {
    let meter = MainActorStallMeter()
    meter.start()
    try await meter.waitForTicks(3)
    #expect(meter.stop().tickCount >= 3)
    meter.start()
    #expect(meter.tickCount == 0)
    try await meter.waitForTicks(1)
    #expect(meter.stop().tickCount >= 1)
  }

  @Test func aWaitForTicksOfAStoppedMeterThrowsWhenCancelled() async throws {
    let meter = MainActorStallMeter()
    let error = try await cancelWhilePending { @MainActor () async throws(TestWaitError) in
      try await meter.waitForTicks(1)
    } once: {
      try await meter.waitForPendingWaits(1)
    }
    #expect(
      error.message.contains("waiting for 1 tick of the main-actor stall meter; saw 0 (the meter is stopped)."),
      "\(error.message)")
  }

  @Test func aWaitForTicksThrowsWhenCancelledBeforeItStarts() async throws {
    let meter = MainActorStallMeter()
    meter.start()
    defer { meter.stop() }
    let error = await waitCancelledFirst { @MainActor () async throws(TestWaitError) in
      try await meter.waitForTicks(1_000_000)
    }
    #expect(error?.awaited == "1000000 ticks of the main-actor stall meter", "\(error.message)")
  }

  @Test func percentilesComeFromTheRecordedTicks() {
    let report = MainActorStallMeter.Report(latenesses: (1...100).map { .milliseconds($0) })
    #expect(report.maxLateness == .milliseconds(100))
    #expect(report.p99Lateness == .milliseconds(99))
    #expect(report.percentile(0.5) == .milliseconds(50))
  }

  /// Keeps the current thread busy, as a synchronous decode would.
  private func blockCurrentThread(for duration: Duration) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    while clock.now < end {}
  }
}
