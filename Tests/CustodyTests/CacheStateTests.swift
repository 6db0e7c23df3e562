import Testing

@testable import Custody

/// The cache's rules for who joins which load and which load commits (C2–C5), as plain state
/// transitions: no tasks, no locks.
@Suite struct CacheStateTests {
  typealias State = CacheState<String, String>

  var state = State(policy: CachePolicy(freshFor: .seconds(10), staleFor: .seconds(10)))

  /// Starts a load of `kind` for "k" as `Cache` does after an admission said `.start`.
  mutating func start(_ kind: State.LoadKind) -> UInt64 {
    state.flights.start("k", tag: kind, isOwned: kind == .revalidation).id
  }

  mutating func finish(_ id: UInt64, _ value: String) {
    _ = state.finishLoad(id, key: "k", with: .success(value), cost: 1, now: .zero, duration: nil)
  }

  @Test mutating func aMissingValueStartsOneLoadThatLaterCallersJoin() {
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .start)
    let load = start(.load)
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .join(load))
    finish(load, "loaded")
    #expect(state.admit("k", as: .load, now: .seconds(1), recording: false) == .hit("loaded"))
  }

  @Test mutating func aStaleValueIsReturnedWithOneRevalidation() {
    state.commit("old", cost: 1, for: "k", now: .zero)
    #expect(state.admit("k", as: .load, now: .seconds(15), recording: false) == .hitAndRevalidate("old"))
    let revalidation = start(.revalidation)
    #expect(state.admit("k", as: .load, now: .seconds(15), recording: false) == .hit("old"), "one revalidation")
    finish(revalidation, "new")
    #expect(state.peek("k") == "new")
    #expect(state.admit("k", as: .load, now: .seconds(30), recording: false) == .start, "expired: wait for a load")
  }

  @Test mutating func aCallAfterAnInvalidationNeverJoinsTheEarlierLoadNorDoesItCommit() {
    let early = start(.load)
    state.flights.setTask(Task {}, for: early)
    #expect(state.invalidate("k") != nil, "nobody waits for the load, so it is handed back to be cancelled")
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .start)
    let late = start(.load)
    finish(early, "before")
    #expect(state.peek("k") == nil, "a load from before the invalidation never commits")
    finish(late, "after")
    #expect(state.peek("k") == "after")
  }

  @Test mutating func removingEverythingDetachesEveryLoad() {
    let load = start(.load)
    state.commit("kept", cost: 1, for: "other", now: .zero)
    _ = state.invalidateAll()
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .start)
    finish(load, "before")
    #expect(state.peek("k") == nil && state.peek("other") == nil)
  }

  @Test mutating func refreshesShareOneLoadButNeverJoinALoadThatStartedBefore() {
    let load = start(.load)
    #expect(state.admit("k", as: .refresh, now: .zero, recording: false) == .start)
    let refresh = start(.refresh)
    #expect(state.admit("k", as: .refresh, now: .zero, recording: false) == .join(refresh))
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .join(refresh), "a load joins a refresh")
    finish(load, "older")
    #expect(state.peek("k") == nil, "the replaced load does not commit")
    finish(refresh, "refreshed")
    #expect(state.peek("k") == "refreshed")
  }

  @Test mutating func aRefreshLoadsEvenWhenTheValueIsFresh() {
    state.commit("fresh", cost: 1, for: "k", now: .zero)
    #expect(state.admit("k", as: .refresh, now: .zero, recording: false) == .start)
  }

  @Test mutating func setWinsOverALoadThatStartedBefore() {
    let load = start(.load)
    _ = state.set("mutated", cost: 1, for: "k", now: .zero)
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .hit("mutated"))
    finish(load, "stale")
    #expect(state.peek("k") == "mutated")
  }

  @Test mutating func aFailedLoadKeepsThePreviousValue() {
    state.commit("previous", cost: 1, for: "k", now: .zero)
    let refresh = start(.refresh)
    _ = state.finishLoad(
      refresh, key: "k", with: .failure(UpstreamError(code: 1)), cost: nil, now: .zero, duration: nil)
    #expect(state.peek("k") == "previous")
  }
}
