import Testing

@testable import Custody

/// K2–K4 on the state alone: what a commit costs, what a save takes, and when the next starts.
@Suite
struct CachePersistenceStateTests {
  typealias State = CacheState<Int, String>

  /// A state persisted with `limit`, counting the saves it starts.
  private func persisted(limit: Int? = nil, policy: CachePolicy = .init()) -> (State, LockedState<Int>) {
    let starts = LockedState(0)
    var state = State(policy: policy, tracksRecency: limit != nil)
    state.persisting = .init(limit: limit) {
      starts.withLock { $0 += 1 }
      return Task {}
    }
    return (state, starts)
  }

  // K3: a burst of commits starts one save and takes no snapshot; the save takes one.
  @Test func aBurstOfCommitsStartsOneSave() {
    var (state, starts) = persisted()
    for key in 1...1_000 { state.commit("v\(key)", cost: 1, for: key, now: .zero) }
    #expect(starts.withLock { $0 } == 1)
    #expect(state.persisting?.snapshots == 0, "a commit copies nothing")

    let saved = state.snapshot(now: .seconds(5))
    #expect(saved.count == 1_000 && state.persisting?.snapshots == 1)
    #expect(saved.first?.key == 1 && saved.last?.key == 1_000, "least recently used first")
    #expect(saved.allSatisfy { $0.age == .seconds(5) })
  }

  // K3: a change made while a save runs is taken by the next save, and only then.
  @Test func aChangeDuringASaveStartsTheNextWhenItEnds() {
    var (state, starts) = persisted()
    state.commit("a", cost: 1, for: 1, now: .zero)
    let target = state.persisting!.changes
    _ = state.snapshot(now: .zero)
    #expect(state.save(before: target) != nil, "a flush waits for the snapshot to be handed over and written")
    state.commit("b", cost: 1, for: 2, now: .zero)
    #expect(starts.withLock { $0 } == 1, "one save at a time")

    state.finishSave()
    #expect(state.save(before: target) == nil, "written")
    #expect(starts.withLock { $0 } == 2, "the next save takes the change made meanwhile")
    #expect(state.save(before: state.persisting!.changes) != nil, "a flush waits for the next save")
    let next = state.snapshot(now: .zero)
    #expect(next.map(\.key) == [1, 2])
    state.finishSave()
    #expect(starts.withLock { $0 } == 2 && state.persisting?.save == nil, "nothing changed since: no save")
    #expect(state.save(before: state.persisting!.changes) == nil)
  }

  // K2: an optimistic layer is not a change of the file; its base is what a save takes.
  @Test func aLayerIsNotSaved() {
    var (state, starts) = persisted()
    state.commit("server", cost: 1, for: 1, now: .zero)
    _ = state.snapshot(now: .zero)
    state.finishSave()
    let id = state.makeWriteID()
    state.addLayer(id, change: { $0 += " + edit" }, for: 1)
    let shown = state.peek(1)
    #expect(shown == "server + edit")
    #expect(starts.withLock { $0 } == 1, "showing a layer writes nothing")
    let saved = state.snapshot(now: .zero)
    #expect(saved.map(\.value) == ["server"])
  }

  // Removals, evictions and values marked stale change the file.
  @Test func removalsEvictionsAndStaleMarksChangeTheFile() {
    var (state, _) = persisted(policy: CachePolicy(countLimit: 2))
    for key in 1...3 { state.commit("v\(key)", cost: 1, for: key, now: .zero) }
    var changes = state.persisting!.changes
    #expect(changes == 4, "three commits and one eviction")
    _ = state.invalidate(2)
    _ = state.markStale(3, now: .seconds(1))
    #expect(state.persisting!.changes == changes + 2)
    changes = state.persisting!.changes
    _ = state.invalidate(9)
    #expect(state.persisting!.changes == changes, "removing nothing changes nothing")
  }

  // K4: a limit keeps the most recently used; K1: the hydrated values keep age and order.
  @Test func hydrationKeepsTheNewestWithTheirAges() {
    let saved = (1...5).map { PersistedEntry(key: $0, value: "v\($0)", age: .seconds($0), idle: .seconds($0)) }
    var state = State(policy: .init(), tracksRecency: true)
    let dropped = state.hydrate(saved, elapsed: .seconds(10), limit: 3, now: .seconds(100), cost: { _ in 2 })
    #expect(dropped)
    #expect(state.entries.keysByRecency == [3, 4, 5])
    let entry = state.entry(4, now: .seconds(100))
    #expect(entry?.age == .seconds(14))
    #expect(state.totalCost == 6)
    var whole = State(policy: .init())
    let droppedNone = whole.hydrate(saved, elapsed: .zero, limit: nil, now: .zero, cost: { _ in 1 })
    #expect(!droppedNone && whole.entries.count == 5)
  }

  // K4: a save that sets keys used less recently than a key it leaves alone moves that key as
  // well, so the journal orders the values as the cache does, whenever the saves fall.
  @Test func aRecordKeepsAKeyUsedAfterTheKeysItSets() {
    var (state, _) = persisted(limit: 3)
    var file = CacheFile<Int, String>(version: 1)
    func save() {
      guard case .append(let record) = state.nextSave(now: .zero, savedAt: 0) else {
        Issue.record("a journal record was expected")
        return
      }
      file = file.applying([record], limit: 3)
      state.finishSave()
    }
    state.commit("v1", cost: 1, for: 1, now: .zero)
    save()
    for key in 2...5 { state.commit("v\(key)", cost: 1, for: key, now: .zero) }
    _ = state.peek(1, usedAt: .zero)
    state.commit("v6", cost: 1, for: 6, now: .zero)
    save()
    #expect(file.entries.map(\.key) == [5, 1, 6], "the three most recently used, the least first")

    // A key the last record already placed, set again and then passed by a read.
    _ = state.peek(5, usedAt: .zero)
    state.commit("v6 again", cost: 1, for: 6, now: .zero)
    _ = state.peek(5, usedAt: .zero)
    save()
    #expect(file.entries.map(\.key) == [1, 6, 5])
  }
}
