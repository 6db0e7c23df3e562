import Custody
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
    let (reports, report) = AsyncStream.makeStream(of: Bool.self)
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(report)))
    state = .idle
    #expect(await Self.first(reports) == true)
    #expect(state.value == nil)
  }

  @Test func aNewPageFreesTheScreenItReplacesOffTheMainActor() async {
    let (reports, report) = AsyncStream.makeStream(of: Bool.self)
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(report)))

    state.show(ProbedScreen(products: [.sample(2)], probe: ReleaseProbe(Self.ignored)))

    #expect(await Self.first(reports) == false)
    #expect(state.value?.products == [.sample(2)])
  }

  @Test func aPatchedScreenFreesTheOldOneOffTheMainActorAndKeepsThePhase() async {
    let (reports, report) = AsyncStream.makeStream(of: Bool.self)
    var state = LoadState<ProbedScreen>.loading(
      previous: ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(report)))

    state.replaceValue(with: ProbedScreen(products: [.sample(1, "Renamed")], probe: ReleaseProbe(Self.ignored)))

    #expect(await Self.first(reports) == false)
    #expect(state.isLoading)
    #expect(state.value?.products.first?.title == "Renamed")
  }

  @Test func anEmptiedSearchFreesItsResultsOffTheMainActor() async {
    let (reports, report) = AsyncStream.makeStream(of: Bool.self)
    var state = LoadState<ProbedScreen>.loaded(ProbedScreen(products: [.sample(1)], probe: ReleaseProbe(report)))

    state.clear()

    #expect(await Self.first(reports) == false)
    #expect(state.value == nil)
  }

  static let ignored = AsyncStream.makeStream(of: Bool.self).continuation

  /// The first report: whether the first probe freed was freed on the main actor.
  static func first(_ reports: AsyncStream<Bool>) async -> Bool? {
    for await onMainActor in reports { return onMainActor }
    return nil
  }
}
