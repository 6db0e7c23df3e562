import Testing

@testable import Custody

/// The pager's rules as plain values: no tasks, no actors.
@Suite struct PagerStateMachineTests {
  typealias Machine = PagerStateMachine<Int, Listing, Int, String>

  @Test func loadNextStartsOneFetchAndLaterCallersJoinIt() {
    var machine = Machine(first: 0)
    #expect(machine.loadNext(1, "a") == .start(id: 1, cursor: 0))
    #expect(machine.loadNext(2, "b") == .joined)
    let id = machine.current!.id
    let answer = machine.finish(id, with: .success((Array(1...3).map(Listing.init(id:)), 3, 100)))
    #expect(answer?.waiters.sorted() == ["a", "b"])
    #expect(machine.items.map(\.id) == [1, 2, 3])
    #expect(machine.hasMore)
  }

  @Test func refreshTakesOverTheWaitersOfANextPageFetchAndDropsItsPage() throws {
    var machine = Machine(first: 0)
    guard case .start(let old, _) = machine.loadNext(machine.makeID(), "next") else { throw Unexpected() }
    guard case .start(let new, let cursor, let replacing) = machine.refresh(machine.makeID(), "refresh") else {
      throw Unexpected()
    }
    #expect(cursor == 0 && replacing == old)
    #expect(
      machine.finish(old, with: .success(([Listing(id: 9)], nil, 999)))?.waiters == nil, "a replaced fetch is dropped")
    #expect(machine.info == nil, "a dropped page says nothing about the list")
    let answer = machine.finish(new, with: .success(([Listing(id: 1)], 1, 100)))
    #expect(machine.info == 100)
    #expect(answer?.waiters.sorted() == ["next", "refresh"])
    #expect(machine.items.map(\.id) == [1])
  }

  @Test func lastWaiterLeavingAbandonsTheFetch() throws {
    var machine = Machine(first: 0)
    guard case .start(let id, _) = machine.loadNext(7, "a") else { throw Unexpected() }
    let exit = machine.leave(7)
    #expect(exit.waiter == "a" && exit.isAbandoned && exit.flight == id)
    #expect(machine.finish(id, with: .success(([Listing(id: 1)], nil, 100)))?.waiters == nil)
    #expect(machine.items.isEmpty && machine.hasMore)
  }

  @Test func duplicatesAcrossPagesAreListedOnce() throws {
    var machine = Machine(first: 0)
    guard case .start(let first, _) = machine.loadNext(1, "a") else { throw Unexpected() }
    _ = machine.finish(first, with: .success(([1, 2, 3].map(Listing.init(id:)), 3, 100)))
    guard case .start(let second, let cursor) = machine.loadNext(2, "b") else { throw Unexpected() }
    #expect(cursor == 3)
    _ = machine.finish(second, with: .success(([3, 4, 4].map(Listing.init(id:)), nil, 100)))
    #expect(machine.items.map(\.id) == [1, 2, 3, 4])
    #expect(machine.loadNext(3, "c") == .atEnd)
  }

  @Test func failureChangesNothing() throws {
    var machine = Machine(first: 0)
    guard case .start(let id, _) = machine.loadNext(1, "a") else { throw Unexpected() }
    let answer = machine.finish(id, with: .failure(UpstreamError(code: 1)))
    #expect(answer?.error is UpstreamError)
    #expect(machine.loadNext(2, "b") == .start(id: 2, cursor: 0), "the next call retries the same cursor")
  }
}

struct Unexpected: Error {}

/// Switching the list to another query, and asking for the first page of the one listed.
@Suite struct PagerStateMachineQueryTests {
  typealias Machine = PagerStateMachine<Int, Listing, Int, String>

  @Test func restartEmptiesTheListAndTakesOverTheWaitersOfTheFetchItReplaces() throws {
    var machine = Machine(first: 0)
    guard case .start(let first, _) = machine.loadNext(machine.makeID(), "first") else { throw Unexpected() }
    _ = machine.finish(first, with: .success(([Listing(id: 1)], 1, 10)))
    guard case .start(let next, _) = machine.loadNext(machine.makeID(), "next") else { throw Unexpected() }
    _ = machine.update(1) { $0.title = "Patched" }
    guard case .start(let new, let cursor, let replacing) = machine.restart(machine.makeID(), "switch") else {
      throw Unexpected()
    }
    #expect(cursor == 0 && replacing == next)
    #expect(machine.items.isEmpty && machine.info == nil && machine.hasMore)
    #expect(machine.finish(next, with: .success(([Listing(id: 2)], nil, 99))) == nil, "the old query's page is dropped")
    let answer = machine.finish(new, with: .success(([Listing(id: 1)], nil, 20)))
    #expect(answer?.waiters.sorted() == ["next", "switch"])
    #expect(machine.items == [Listing(id: 1)], "a patch of the old list does not reach the new one")
  }

  @Test func loadFirstAnswersOnceAPageIsListedAndFetchesOtherwise() throws {
    var machine = Machine(first: 0)
    guard case .start(let id, let cursor) = machine.loadFirst(machine.makeID(), "a") else { throw Unexpected() }
    #expect(cursor == 0)
    #expect(machine.loadFirst(machine.makeID(), "b") == .joined)
    _ = machine.finish(id, with: .success(([Listing(id: 1)], 1, 10)))
    #expect(machine.loadFirst(machine.makeID(), "c") == .atEnd, "a page is listed: nothing to fetch")
  }
}
