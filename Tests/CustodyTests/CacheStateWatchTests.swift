import Testing

@testable import Custody

/// What a watch of `Cache.watch(_:)` is sent, as plain state transitions: an entry when the value,
/// the load or the failure changes.
@Suite(.timeLimit(.minutes(1)))
struct CacheStateWatchTests {
  typealias State = CacheState<String, String>

  @Test func aWatchIsSentEachChangeOfWhatItShows() async {
    var state = State(policy: CachePolicy(freshFor: .seconds(10), staleFor: .seconds(10)))
    var watch = state.watchEntry("k", load: nil, now: .zero).makeAsyncIterator()
    #expect(await watch.next() == WatchedEntry(content: .notLoaded))

    let load = state.flights.start("k", tag: .load).id
    state.watchChanged("k")
    #expect(await watch.next() == WatchedEntry(content: .notLoaded, isLoading: true))
    _ = state.finishLoad(load, key: "k", with: .failure(CancellationError()), cost: nil, now: .zero, duration: nil)
    #expect(await watch.next() == WatchedEntry(content: .notLoaded), "a cancelled load is no failure")

    let failing = state.flights.start("k", tag: .load).id
    state.watchChanged("k")
    _ = await watch.next()
    let error = LoadError(FailureStub())
    _ = state.finishLoad(failing, key: "k", with: .failure(error), cost: nil, now: .zero, duration: nil)
    #expect(await watch.next() == WatchedEntry(content: .notLoaded, loadError: error))

    state.commit("v", cost: 1, for: "k", now: .zero)
    let entry = CachedEntry(value: "v", age: .zero, freshness: .fresh)
    #expect(await watch.next() == WatchedEntry(content: .value(entry)), "a committed value clears the failure")

    _ = state.invalidate("k")
    #expect(await watch.next() == WatchedEntry(content: .removed))
  }

  private struct FailureStub: Error {}
}
