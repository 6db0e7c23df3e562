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

  // C2, C7
  @Test mutating func anEntryCarriesItsAgeAndFreshnessUnderThePolicy() {
    state.commit("v", cost: 1, for: "k", now: .seconds(5))
    #expect(state.entry("k", now: .seconds(5)) == CachedEntry(value: "v", age: .zero, freshness: .fresh))
    #expect(state.entry("k", now: .seconds(15) - .nanoseconds(1))?.freshness == .fresh)
    #expect(state.entry("k", now: .seconds(15)) == CachedEntry(value: "v", age: .seconds(10), freshness: .stale))
    #expect(state.entry("k", now: .seconds(25) - .nanoseconds(1))?.freshness == .stale)
    #expect(state.entry("k", now: .seconds(25)) == CachedEntry(value: "v", age: .seconds(20), freshness: .expired))
    #expect(state.entry("missing", now: .zero) == nil)
  }

  /// A reader takes the time before the lock; a commit that took the time after it can take
  /// the lock first.
  @Test mutating func aValueCommittedAfterTheReaderTookTheTimeIsZeroOld() {
    state.commit("v", cost: 1, for: "k", now: .seconds(5))
    #expect(state.entry("k", now: .seconds(3)) == CachedEntry(value: "v", age: .zero, freshness: .fresh))
  }

  // C6
  @Test mutating func trimmingEvictsTheLeastRecentlyUsedUntilTheCostFits() {
    state = State(policy: CachePolicy(countLimit: 10))
    for (key, cost) in [("a", 3), ("b", 3), ("c", 3), ("free", 0)] {
      state.commit(key, cost: cost, for: key, now: .zero)
    }
    _ = state.peek("a")
    state.trim(toCost: 4)
    #expect(state.entries.keysByRecency == ["free", "a"], "b and c were the least recently used with a cost")
    #expect(state.totalCost == 3)
    state.trim(toCost: 0)
    #expect(state.entries.count == 0, "strictly by recency: what costs nothing goes when it is older")
    state.commit("free", cost: 0, for: "free", now: .zero)
    state.trim(toCost: 0)
    #expect(state.entries.keysByRecency == ["free"], "a cache within the limit keeps everything")
  }

  // C6, not C3: a trimmed key is not a wrong one.
  @Test mutating func aLoadRunningWhenTheValueIsTrimmedStillCommits() {
    state.commit("old", cost: 1, for: "k", now: .zero)
    let refresh = start(.refresh)
    state.trim(toCost: 0)
    #expect(state.peek("k") == nil)
    #expect(state.admit("k", as: .load, now: .zero, recording: false) == .join(refresh), "the load stays attached")
    finish(refresh, "new")
    #expect(state.peek("k") == "new")
  }

  @Test mutating func aMemoryWarningHalvesTheCostAndCriticalPressureEmptiesTheCache() {
    state = State(policy: CachePolicy(countLimit: 10))
    for key in ["a", "b", "c", "d", "e"] { state.commit(key, cost: 2, for: key, now: .zero) }
    state.commit("free", cost: 0, for: "free", now: .zero)
    state.respond(to: .warning)
    #expect(state.entries.keysByRecency == ["d", "e", "free"], "half of the cost of 10 is kept, the newest")
    state.respond(to: .warning)
    #expect(state.entries.keysByRecency == ["e", "free"])
    state.respond(to: .critical)
    #expect(state.entries.count == 0 && state.totalCost == 0, "critical pressure drops what costs nothing too")
  }

  /// A cache without limits skips recency on reads to keep hits cheap, so a trim there goes by
  /// the order values were stored.
  @Test mutating func withoutLimitsATrimEvictsTheLeastRecentlyStored() {
    for key in ["a", "b"] { state.commit(key, cost: 1, for: key, now: .zero) }
    _ = state.peek("a")
    state.trim(toCost: 1)
    #expect(state.entries.keysByRecency == ["b"])
  }
}
