import Custody
import CustodyTesting
import Testing

/// What a Pager tells its inspector, and in which order.
@Suite(.timeLimit(.minutes(1)))
struct PagerEventsTests {
  let inspector = TestInspector()
  let fetch = ControlledOperation<Int, Page<Int, Listing, Int>>(onCancel: .ignore)
  let pager: Pager<Int, Listing, Int>

  init() {
    pager = Pager(first: 0, name: "catalog", inspector: inspector) { [fetch] in try await fetch($0) }
  }

  private func listing(_ ids: ClosedRange<Int>, next: Int?) -> Page<Int, Listing, Int> {
    Page(items: ids.map(Listing.init(id:)), next: next, info: 100)
  }

  @Test func aPageFetchedOnceForEveryCallerIsAppended() async throws {
    let callers = (0..<2).map { _ in Task { [pager] in try await pager.loadNext() } }
    try await inspector.waitForWaiters(2)
    try await fetch.waitForCalls(1)[0].resolve(listing(1...3, next: 3))
    for caller in callers { _ = try await caller.value }
    #expect(
      inspector.shapes() == ["started next page", "joined 1", "joined 2", "finished succeeded", "appended 3 of 3"])
    #expect(await pager.snapshot.info == 100, "the page's info reaches the snapshot")
  }

  // P3: the page of the old list is detached by the refresh and dropped when it arrives.
  @Test func aPageFetchedForTheOldListIsDroppedAfterARefresh() async throws {
    let next = Task { [pager] in try await pager.loadNext() }
    try await inspector.waitForWaiters(1)
    let refresh = Task { [pager] in try await pager.refresh() }
    let calls = try await fetch.waitForCalls(2)
    calls[1].resolve(listing(1...2, next: 2))
    _ = try await (next.value, refresh.value)
    calls[0].resolve(Page(items: [Listing(id: 9)], next: nil, info: 999))
    try await inspector.waitForRunningWork(atMost: 0)
    #expect(
      inspector.shapes() == [
        "started next page", "joined 1", "detached by refresh", "started refresh", "joined 2",
        "finished succeeded", "appended 2 of 2", "finished dropped",
      ])
    #expect(await pager.snapshot.info == 100, "a dropped page never changes the info")
  }

  // A fetch reset() cancels is reported as a refresh replacing it is: detached, then dropped.
  @Test func aFetchCancelledByAResetIsDetachedAndDropped() async throws {
    let next = Task { [pager] in try await pager.loadNext() }
    try await inspector.waitForWaiters(1)
    await pager.reset()
    _ = await next.result
    try await fetch.waitForCalls(1)[0].resolve(listing(1...3, next: 3))
    try await inspector.waitForRunningWork(atMost: 0)
    #expect(inspector.shapes() == ["started next page", "joined 1", "detached by reset", "finished dropped"])
    #expect(OwnerEvent.Reason.reset.rawValue == "reset")
    #expect(await pager.snapshot.info == nil, "a dropped page never changes the info")
  }

  @Test func aFailedFetchAndAnAbandonedOneAreReported() async throws {
    let failing = Task { [pager] in try await pager.loadNext() }
    try await fetch.waitForCalls(1)[0].fail(UpstreamError(code: 1))
    _ = await failing.result
    let leaving = Task { [pager] in try await pager.loadNext() }
    try await inspector.waitForWaiters(1)
    leaving.cancel()
    try await inspector.waitForEvent { if case .abandoned = $0.kind { true } else { false } }
    #expect(
      inspector.shapes() == [
        "started next page", "joined 1", "finished failed (unknown failure)", "started next page", "joined 1",
        "abandoned",
      ])
  }
}
