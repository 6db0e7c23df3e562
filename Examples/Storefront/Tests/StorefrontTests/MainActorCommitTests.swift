import Custody
import TestSupport
import Testing

@testable import Storefront

/// Screen states replaced on the main actor are freed off it. Only where the release happens is
/// asserted; how long it takes is left to the benchmarks.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct MainActorCommitTests {
  /// A catalog screen's stand-in: products, plus a probe that reports where it is freed.
  struct ProbedScreen: Sendable {
    var products: [Product]
    let probe: ReleaseProbe
  }

  init() { MainQueue.mark() }

  @Test func theProbeSeesAReleaseOnTheMainActor() async {
    // The control: proves the probe tells the main actor apart.
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))
    state = .idle
    await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [true])
    #expect(state.value == nil)
  }

  @Test func aNewPageFreesTheScreenItReplacesOffTheMainActor() async {
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))

    state.show(ProbedScreen(products: [.sample(2)], probe: ReleaseProbe(ReleaseLog())))

    await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
    #expect(state.value?.products == [.sample(2)])
  }

  @Test func aPatchedScreenFreesTheOldOneOffTheMainActorAndKeepsThePhase() async {
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loading(
      previous: ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))

    state.replaceValue(with: ProbedScreen(products: [.sample(1, "Renamed")], probe: ReleaseProbe(ReleaseLog())))

    await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
    #expect(state.isLoading)
    #expect(state.value?.products.first?.title == "Renamed")
  }

  @Test func anEmptiedSearchFreesItsResultsOffTheMainActor() async {
    let log = ReleaseLog()
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(log)))

    state.clear()

    await log.waitForReleases(1)
    #expect(log.releasedOnMainQueue == [false])
    #expect(state.value == nil)
  }
}
