import Custody
import TestSupport
import Testing

/// Large state replaced on the main actor is freed off it. Only where the release happens is
/// asserted; how long it takes is left to the benchmarks.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct MainActorCommitTests {
  init() { MainQueue.mark() }

  @Test func aValueFreedByPlainAssignmentIsFreedOnTheMainActor() async throws {
    // The control: proves the probe sees the main actor when the release happens there.
    let log = ReleaseLog()
    var shown: [ReleaseProbe] = [ReleaseProbe(log)]
    shown = []
    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [true])
    #expect(shown.isEmpty)
  }

  @Test func replaceFreesTheOldValueOffTheMainActor() async throws {
    let log = ReleaseLog()
    var shown = [ReleaseProbe(log), ReleaseProbe(log)]
    BackgroundRelease.replace(&shown, with: [])
    try await log.waitForReleases(2)
    #expect(log.releasedOnMainQueue == [false, false])
  }

  @Test func loadStateCommittedFromALatestTaskRunFreesThePreviousValueOffTheMainActor() async throws {
    let log = ReleaseLog()
    let latest = LatestTask()
    var state = LoadState<[ReleaseProbe]>.loaded([ReleaseProbe(log)])
    state.startLoading()
    state.apply(await latest.run { [] })
    #expect(state.value?.isEmpty == true)
    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
  }

  @Test func observableScreenReplacingItsListFreesTheOldListOffTheMainActor() async throws {
    let log = ReleaseLog()
    let screen = ProbeScreen(log: log)
    await screen.load()
    await screen.load()  // replaces the first list
    try await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
  }
}
