import CustodyTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct MainActorStallMeterTests {
  @Test func blockingTheMainActorShowsAsLateness() async {
    let meter = MainActorStallMeter()
    meter.start()
    await meter.waitForTicks(2)
    blockCurrentThread(for: .milliseconds(30))
    await meter.waitForTicks(meter.tickCount + 1)
    let report = meter.stop()
    // The tick due during the block ran at least as late as the block lasted, less one tick.
    #expect(report.maxLateness >= .milliseconds(29))
    #expect(report.p99Lateness <= report.maxLateness)
  }

  @Test func startingAgainForgetsTheEarlierRun() async {
    let meter = MainActorStallMeter()
    meter.start()
    await meter.waitForTicks(3)
    #expect(meter.stop().tickCount >= 3)
    meter.start()
    #expect(meter.tickCount == 0)
    await meter.waitForTicks(1)
    #expect(meter.stop().tickCount >= 1)
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
