import CustodyTesting
import Testing

@testable import Custody

@Suite(.timeLimit(.minutes(1)))
struct PagerTests {
  let fetch = ControlledOperation<Int, Page<Int, Listing, Void>>()

  let inspector = TestInspector()

  private func makePager(
    _ fetch: ControlledOperation<Int, Page<Int, Listing, Void>>? = nil
  ) -> PlainPager<Int, Listing> {
    let fetch = fetch ?? self.fetch
    return Pager(first: 0, inspector: inspector) { cursor in try await fetch(cursor) }
  }

  private func loadNext(_ pager: PlainPager<Int, Listing>) -> Task<[Int], any Error> {
    Task { try await pager.loadNext().ids }
  }

  private func refresh(_ pager: PlainPager<Int, Listing>) -> Task<[Int], any Error> {
    Task { try await pager.refresh().ids }
  }

  // P1
  @Test func concurrentLoadNextCallsShareOneFetch() async throws {
    let pager = makePager()
    let callers = (0..<4).map { _ in loadNext(pager) }
    try await inspector.waitForWaiters(4)
    try await fetch.waitForCalls(1)[0].resolve(page(1...3, next: 3))
    for caller in callers { #expect(try await caller.value == [1, 2, 3]) }
    #expect(fetch.callCount == 1)
  }

  // P1
  @Test func pagesAreFetchedInOrderOfTheirCursors() async throws {
    let pager = makePager()
    let first = loadNext(pager)
    try await fetch.waitForCalls(1)[0].resolve(page(1...3, next: 3))
    #expect(try await first.value == [1, 2, 3])
    let second = loadNext(pager)
    let call = try await fetch.waitForCalls(2)[1]
    #expect(call.input == 3)
    call.resolve(page(4...5, next: nil))
    #expect(try await second.value == [1, 2, 3, 4, 5])
  }

  // P2
  @Test func failedFetchDoesNotAdvanceAndTheNextCallRetriesTheSameCursor() async throws {
    let pager = makePager()
    let first = loadNext(pager)
    try await fetch.waitForCalls(1)[0].resolve(page(1...3, next: 3))
    _ = try await first.value

    let failing = loadNext(pager)
    try await fetch.waitForCalls(2)[1].fail(UpstreamError(code: 503))
    #expect(await failing.ending == .failed(UpstreamError(code: 503)))
    #expect(await pager.snapshot.ids == [1, 2, 3])

    let retry = loadNext(pager)
    let call = try await fetch.waitForCalls(3)[2]
    #expect(call.input == 3)
    call.resolve(page(4...6, next: nil))
    #expect(try await retry.value == [1, 2, 3, 4, 5, 6])
  }

  // P3
  @Test func refreshDropsAPageFetchedForTheOldListAndKeepsOldItemsUntilTheNewFirstPage() async throws {
    let fetch = ControlledOperation<Int, Page<Int, Listing, Void>>(onCancel: .ignore)
    let pager = makePager(fetch)
    let first = loadNext(pager)
    try await fetch.waitForCalls(1)[0].resolve(page(1...3, next: 3))
    _ = try await first.value

    let more = loadNext(pager)
    let stale = try await fetch.waitForCalls(2)[1]
    let refreshing = refresh(pager)
    let fresh = try await fetch.waitForCalls(3)[2]
    #expect(fresh.input == 0)
    try await stale.waitForCancellation()

    stale.resolve(page(4...6, next: 6))
    try await inspector.waitForRunningWork(atMost: 1)
    #expect(await pager.snapshot.ids == [1, 2, 3], "old items stay until the new first page arrives")

    fresh.resolve(page(10...12, next: 3))
    #expect(try await refreshing.value == [10, 11, 12])
    #expect(try await more.value == [10, 11, 12], "a caller waiting for the old list gets the new one")
    #expect(await pager.snapshot.ids == [10, 11, 12])
  }

  // P3
  @Test func failedRefreshKeepsTheOldList() async throws {
    let pager = makePager()
    let first = loadNext(pager)
    try await fetch.waitForCalls(1)[0].resolve(page(1...3, next: 3))
    _ = try await first.value

    let refreshing = refresh(pager)
    try await fetch.waitForCalls(2)[1].fail(UpstreamError(code: 1))
    #expect(await refreshing.ending == .failed(UpstreamError(code: 1)))
    let snapshot = await pager.snapshot
    #expect(snapshot.items.map(\.id) == [1, 2, 3] && snapshot.hasMore)
  }

  // P3
  @Test func concurrentRefreshesShareOneFetch() async throws {
    let pager = makePager()
    let callers = (0..<3).map { _ in refresh(pager) }
    try await inspector.waitForWaiters(3)
    try await fetch.waitForCalls(1)[0].resolve(page(1...2, next: nil))
    for caller in callers { #expect(try await caller.value == [1, 2]) }
    #expect(fetch.callCount == 1)
  }

  // P4
  @Test func atTheEndLoadNextFetchesNothing() async throws {
    let pager = makePager()
    let first = loadNext(pager)
    try await fetch.waitForCalls(1)[0].resolve(page(1...2, next: nil))
    _ = try await first.value

    let snapshot = try await pager.loadNext()
    #expect(snapshot.ids == [1, 2])
    #expect(!snapshot.hasMore)
    #expect(fetch.callCount == 1)
  }

  // P5
  @Test func itemsAlreadyListedAreNotListedTwiceWhenOffsetPagesShift() async throws {
    let server = OffsetServer(ids: Array(1...7), pageSize: 3)
    let pager = PlainPager<Int, Listing>(first: 0) { offset in server.page(at: offset) }
    #expect(try await pager.loadNext().ids == [1, 2, 3])

    server.insertAtTop(100)  // every later offset shifts by one: #3 comes again
    #expect(try await pager.loadNext().ids == [1, 2, 3, 4, 5])
    #expect(try await pager.loadNext().ids == [1, 2, 3, 4, 5, 6, 7])
    #expect(try await !pager.loadNext().hasMore)

    #expect(try await pager.refresh().ids == [100, 1, 2], "a refresh lists again from the top")
  }

  // P1, cancellation
  @Test func cancelledOnlyWaiterCancelsTheFetchAndDoesNotAdvance() async throws {
    let fetch = ControlledOperation<Int, Page<Int, Listing, Void>>(onCancel: .ignore)
    let pager = makePager(fetch)
    let caller = loadNext(pager)
    let call = try await fetch.waitForCalls(1)[0]

    caller.cancel()
    #expect(await caller.ending == .cancelled)
    try await call.waitForCancellation()
    call.resolve(page(1...3, next: 3))  // arrives too late: never listed
    try await inspector.waitForRunningWork(atMost: 0)
    #expect(await pager.snapshot.ids == [])

    let again = loadNext(pager)
    let retry = try await fetch.waitForCalls(2)[1]
    #expect(retry.input == 0)
    retry.resolve(page(1...3, next: 3))
    #expect(try await again.value == [1, 2, 3])
  }
}
