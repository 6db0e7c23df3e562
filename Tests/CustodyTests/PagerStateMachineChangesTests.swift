import Testing

@testable import Custody

/// `reset()` and the in-place update (P6) as plain transitions of the pager's rules.
@Suite struct PagerStateMachineChangesTests {
  typealias Machine = PagerStateMachine<Int, Listing, Int, String>
  typealias Result = Swift.Result<([Listing], Int?, Int), any Error>

  private func rows(_ ids: ClosedRange<Int>, _ title: String = "server", next: Int?, info: Int = 100) -> Result {
    .success((ids.map { Listing(id: $0, title: title) }, next, info))
  }

  /// A machine that lists 1...3 and has no fetch in flight.
  private func listing() throws -> Machine {
    var machine = Machine(first: 0)
    guard case .start(let id, _) = machine.loadNext(machine.makeID(), "first") else { throw Unexpected() }
    _ = machine.finish(id, with: rows(1...3, "old", next: 3))
    return machine
  }

  private func startNext(_ machine: inout Machine, _ waiter: String = "next") throws -> UInt64 {
    guard case .start(let id, _) = machine.loadNext(machine.makeID(), waiter) else { throw Unexpected() }
    return id
  }

  private func startRefresh(_ machine: inout Machine, _ waiter: String = "refresh") throws -> UInt64 {
    guard case .start(let id, _, _) = machine.refresh(machine.makeID(), waiter) else { throw Unexpected() }
    return id
  }

  @Test func resetListsNothingAndDropsTheFetchInFlight() throws {
    var machine = try listing()
    let fetch = try startNext(&machine, "a")
    _ = machine.loadNext(machine.makeID(), "b")

    let dropped = machine.reset()
    #expect(dropped?.id == fetch && dropped?.waiters == ["a", "b"], "the owner cancels it and fails its callers")
    #expect(machine.items.isEmpty && machine.hasMore && machine.info == nil && machine.current == nil)
    #expect(machine.finish(fetch, with: rows(4...6, next: 6))?.waiters == nil, "its page is never kept")
    #expect(machine.items.isEmpty && machine.info == nil)
    #expect(machine.loadNext(machine.makeID(), "c") == .start(id: fetch + 1, cursor: 0), "the first cursor again")
  }

  @Test func resetDropsARefreshInFlightAndNeedsNothingWhenIdle() throws {
    var machine = try listing()
    #expect(machine.reset() == nil, "nothing in flight: nothing to cancel")
    _ = try startNext(&machine)
    let refresh = try startRefresh(&machine)
    #expect(machine.reset()?.waiters == ["next", "refresh"])
    #expect(machine.finish(refresh, with: rows(1...2, next: nil))?.waiters == nil)
    #expect(machine.items.isEmpty && machine.hasMore)
  }

  @Test func anUpdatePatchesAListedItemAtOnceAndIgnoresAnIdNotListed() throws {
    var machine = try listing()
    #expect(machine.update(2) { $0.title = "renamed" })
    #expect(machine.items.map(\.title) == ["old", "renamed", "old"])
    #expect(!machine.update(9) { $0.title = "renamed" }, "an id not listed")
    #expect(machine.items.map(\.id) == [1, 2, 3] && machine.info == 100)
  }

  // P6: a refresh fetched before the update never undoes it.
  @Test func aRefreshInFlightKeepsAnUpdateMadeWhileItRan() throws {
    var machine = try listing()
    let refresh = try startRefresh(&machine)
    #expect(machine.update(2) { $0.title = "renamed" })
    _ = machine.finish(refresh, with: rows(1...3, next: 3))
    #expect(machine.items.map(\.title) == ["server", "renamed", "server"])
  }

  // P6 and P5: a next page fetched before the update lists the item again when offsets shift;
  // the listed, patched copy stays.
  @Test func aNextPageInFlightNeverUndoesAnUpdate() throws {
    var machine = try listing()
    let next = try startNext(&machine)
    #expect(machine.update(3) { $0.title = "renamed" })
    _ = machine.finish(next, with: rows(3...5, next: nil))
    #expect(machine.items.map(\.title) == ["old", "old", "renamed", "server", "server"])
  }

  // P6: a fetch that starts after the update sees the edit on the server.
  @Test func aPageFetchedAfterTheUpdateIsKeptAsTheServerSentIt() throws {
    var machine = try listing()
    #expect(machine.update(2) { $0.title = "renamed" })
    let refresh = try startRefresh(&machine)
    _ = machine.finish(refresh, with: rows(1...3, "renamed on the server", next: 3))
    #expect(machine.items.map(\.title) == Array(repeating: "renamed on the server", count: 3))
  }

  // P6: a refresh that replaces a next page starts after the update made during that page.
  @Test func aRefreshThatReplacesANextPageTakesTheServersCopy() throws {
    var machine = try listing()
    _ = try startNext(&machine)
    #expect(machine.update(2) { $0.title = "renamed" })
    let refresh = try startRefresh(&machine)
    _ = machine.finish(refresh, with: rows(1...3, next: 3))
    #expect(machine.items.map(\.title) == ["server", "server", "server"])
  }

  // P6: a completed refresh drops the patches, even one its page did not list.
  @Test func aCompletedRefreshDropsItsPatches() throws {
    var machine = try listing()
    let refresh = try startRefresh(&machine)
    #expect(machine.update(3) { $0.title = "renamed" })
    _ = machine.finish(refresh, with: rows(1...2, next: 2))
    let next = try startNext(&machine)
    _ = machine.finish(next, with: rows(3...4, next: nil))
    #expect(machine.items.map(\.title) == ["server", "server", "server", "server"])
  }

  // P6: a failed or abandoned refresh keeps the patched list, and the next one starts afresh.
  @Test func aRefreshThatFailsOrIsAbandonedLeavesThePatchedListAndNoPatches() throws {
    var machine = try listing()
    let failing = try startRefresh(&machine)
    #expect(machine.update(1) { $0.title = "renamed" })
    _ = machine.finish(failing, with: .failure(UpstreamError(code: 1)))
    #expect(machine.items.map(\.title) == ["renamed", "old", "old"])

    guard case .start(let abandoned, _, _) = machine.refresh(41, "leaving") else { throw Unexpected() }
    #expect(machine.update(2) { $0.title = "renamed" })
    #expect(machine.leave(41).isAbandoned)
    #expect(machine.finish(abandoned, with: rows(1...3, next: 3))?.waiters == nil)

    let refresh = try startRefresh(&machine)
    _ = machine.finish(refresh, with: rows(1...3, next: 3))
    #expect(machine.items.map(\.title) == ["server", "server", "server"])
  }

  @Test func resetDropsThePatches() throws {
    var machine = try listing()
    _ = try startRefresh(&machine)
    #expect(machine.update(1) { $0.title = "renamed" })
    _ = machine.reset()
    let next = try startNext(&machine)
    _ = machine.finish(next, with: rows(1...3, next: 3))
    #expect(machine.items.map(\.title) == ["server", "server", "server"])
  }

  @Test func theLatestOfTwoUpdatesIsKept() throws {
    var machine = try listing()
    let refresh = try startRefresh(&machine)
    #expect(machine.update(1) { $0.title = "first" })
    #expect(machine.update(1) { $0.title += " and second" })
    _ = machine.finish(refresh, with: rows(1...2, next: 2))
    #expect(machine.items.map(\.title) == ["first and second", "server"])
  }
}
