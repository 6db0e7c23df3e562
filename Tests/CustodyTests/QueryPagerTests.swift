import CustodyTesting
import Testing

@testable import Custody

/// A pager whose query switches: the earlier query's loads are superseded, answers say which
/// query they list, and the pager rules hold per query.
@Suite(.timeLimit(.minutes(1)))
struct QueryPagerTests {
  /// Fetch calls, each named "query@cursor".
  let fetch = ControlledOperation<String, Page<Int, Listing, Void>>(onCancel: .ignore)
  let inspector = TestInspector()

  private func makePager() -> QueryPager<String, Int, Listing, Void> {
    QueryPager(query: "a", first: 0, inspector: inspector) { [fetch] query, cursor in
      try await fetch("\(query)@\(cursor)")
    }
  }

  private func setQuery(_ pager: QueryPager<String, Int, Listing, Void>, _ query: String) -> Task<Shown, any Error> {
    Task { Shown(try await pager.setQuery(query)) }
  }

  private func loadNext(_ pager: QueryPager<String, Int, Listing, Void>) -> Task<Shown, any Error> {
    Task { Shown(try await pager.loadNext()) }
  }

  /// A started pager that lists 1...3 of "a", the next page at 3.
  private func started() async throws -> QueryPager<String, Int, Listing, Void> {
    let pager = makePager()
    let first = setQuery(pager, "a")
    let call = try await fetch.waitForCalls(1)[0]
    #expect(call.input == "a@0")
    call.resolve(page(1...3, next: 3))
    #expect(try await first.value == Shown("a", [1, 2, 3]))
    return pager
  }

  @Test func switchingCancelsTheEarlierFetchAndItsCallersGetTheNewFirstPage() async throws {
    let pager = try await started()
    let more = loadNext(pager)
    let stale = try await fetch.waitForCalls(2)[1]
    #expect(stale.input == "a@3")

    let switching = setQuery(pager, "b")
    let fresh = try await fetch.waitForCalls(3)[2]
    #expect(fresh.input == "b@0", "the new query starts from its first page")
    try await stale.waitForCancellation()
    #expect(await pager.pager.snapshot.ids == [], "the earlier query's items are gone at once")

    stale.resolve(page(4...6, next: 6))  // late: never listed
    try await inspector.waitForRunningWork(atMost: 1)
    #expect(await pager.pager.snapshot.ids == [])

    fresh.resolve(page(10...12, next: 3))
    #expect(try await switching.value == Shown("b", [10, 11, 12]))
    #expect(try await more.value == Shown("b", [10, 11, 12]), "a superseded caller gets the newest query's page")
    #expect(await pager.query == "b")
  }

  @Test func aQuerySwitchedThroughHandsItsCallersToTheNewest() async throws {
    let pager = try await started()
    let toB = setQuery(pager, "b")
    let b = try await fetch.waitForCalls(2)[1]
    let toC = setQuery(pager, "c")
    let c = try await fetch.waitForCalls(3)[2]
    #expect(c.input == "c@0")
    try await b.waitForCancellation()
    c.resolve(page(20...21, next: nil))
    #expect(try await toB.value == Shown("c", [20, 21]))
    #expect(try await toC.value == Shown("c", [20, 21]))
    #expect(fetch.callCount == 3)
  }

  // P1 and P4 per query: the next page of the new query continues from its own cursor.
  @Test func theNextPageContinuesTheQueryListedNow() async throws {
    let pager = try await started()
    let switching = setQuery(pager, "b")
    try await fetch.waitForCalls(2)[1].resolve(page(7...8, next: 2))
    _ = try await switching.value

    let callers = (0..<3).map { _ in loadNext(pager) }
    try await inspector.waitForWaiters(3)
    let call = try await fetch.waitForCalls(3)[2]
    #expect(call.input == "b@2")
    call.resolve(page(9...9, next: nil))
    for caller in callers { #expect(try await caller.value == Shown("b", [7, 8, 9])) }
    #expect(try await pager.loadNext().hasMore == false)
    #expect(fetch.callCount == 3, "at the end nothing is fetched")
  }

  // P2 per query
  @Test func aFailedFirstPageOfTheNewQueryIsAskedForAgain() async throws {
    let pager = try await started()
    let switching = setQuery(pager, "b")
    try await fetch.waitForCalls(2)[1].fail(UpstreamError(code: 503))
    #expect(await switching.ending == .failed(UpstreamError(code: 503)))
    #expect(await pager.query == "b")
    #expect(await pager.pager.snapshot.ids == [])

    let retry = loadNext(pager)
    let call = try await fetch.waitForCalls(3)[2]
    #expect(call.input == "b@0", "the first page of the query asked for, not the next of the old one")
    call.resolve(page(5...6, next: nil))
    #expect(try await retry.value == Shown("b", [5, 6]))
  }

  @Test func theQueryListedNowFetchesNothingOnceAPageIsListed() async throws {
    let pager = try await started()
    #expect(try await Shown(pager.setQuery("a")) == Shown("a", [1, 2, 3]))
    #expect(fetch.callCount == 1)
  }

  @Test func theQueryListedNowJoinsTheFetchInFlight() async throws {
    let pager = makePager()
    let first = setQuery(pager, "a")
    let again = setQuery(pager, "a")
    try await inspector.waitForWaiters(2)
    try await fetch.waitForCalls(1)[0].resolve(page(1...2, next: 2))
    #expect(try await first.value == Shown("a", [1, 2]))
    #expect(try await again.value == Shown("a", [1, 2]))
    #expect(fetch.callCount == 1)
  }

  // P3 per query
  @Test func refreshStartsTheQueryListedNowOver() async throws {
    let pager = try await started()
    let switching = setQuery(pager, "b")
    try await fetch.waitForCalls(2)[1].resolve(page(7...8, next: 2))
    _ = try await switching.value
    let refreshing = Task { Shown(try await pager.refresh()) }
    let call = try await fetch.waitForCalls(3)[2]
    #expect(call.input == "b@0")
    call.resolve(page(8...9, next: nil))
    #expect(try await refreshing.value == Shown("b", [8, 9]))
  }

  // P6 per query: a patch belongs to the list it was made on.
  @Test func aPatchOfTheEarlierQueryDoesNotReachTheNewOne() async throws {
    let pager = try await started()
    #expect(await pager.pager.update(2) { $0.title = "Renamed" })
    let switching = setQuery(pager, "b")
    try await fetch.waitForCalls(2)[1].resolve(page(2...3, next: nil))
    let listing = try await switching.value
    #expect(listing == Shown("b", [2, 3]))
    #expect(await pager.pager.snapshot.title(of: 2) == "", "the new query's page is kept as the server sent it")
  }

  @Test func watchersSeeTheListEmptiedThenTheNewQuery() async throws {
    let pager = try await started()
    var updates = await pager.pager.updates().makeAsyncIterator()
    #expect(await updates.next()?.ids == [1, 2, 3])
    let switching = setQuery(pager, "b")
    #expect(await updates.next()?.ids == [])
    try await fetch.waitForCalls(2)[1].resolve(page(4...4, next: nil))
    _ = try await switching.value
    #expect(await updates.next()?.ids == [4])
  }

  @Test func countsTheFetchInFlight() async throws {
    let pager = makePager()
    #expect(await pager.pager.inFlightCount == 0)
    let first = setQuery(pager, "a")
    let call = try await fetch.waitForCalls(1)[0]
    #expect(await pager.pager.inFlightCount == 1)
    let switching = setQuery(pager, "b")
    _ = try await fetch.waitForCalls(2)
    #expect(await pager.pager.inFlightCount == 1, "the replaced fetch no longer counts")
    call.resolve(page(1...1, next: nil))
    try await fetch.waitForCalls(2)[1].resolve(page(2...2, next: nil))
    _ = try await (first.value, switching.value)
    #expect(await pager.pager.inFlightCount == 0)
  }

  @Test func aCallerCancelledWhileItWaitsStopsAndTheOthersGetThePage() async throws {
    let pager = try await started()
    let leaving = setQuery(pager, "b")
    let staying = loadNext(pager)
    try await inspector.waitForWaiters(2)
    leaving.cancel()
    #expect(await leaving.ending == .cancelled)
    try await fetch.waitForCalls(2)[1].resolve(page(4...4, next: nil))
    #expect(try await staying.value == Shown("b", [4]))
  }
}

/// The in-order rule, without tasks: an older answer that arrives after a newer one is the newer.
@Suite struct InOrderDeliveryTests {
  @Test func anOlderAnswerDeliveredAfterANewerOneIsTheNewer() {
    let delivery = InOrderDelivery<String>()
    #expect(delivery.deliver("first", revision: 1) == "first")
    #expect(delivery.deliver("third", revision: 3) == "third")
    #expect(delivery.deliver("second", revision: 2) == "third")
    #expect(delivery.deliver("third again", revision: 3) == "third again")
    #expect(delivery.deliver("fourth", revision: 4) == "fourth")
  }
}

/// What a caller was answered with: the query and the ids listed.
struct Shown: Equatable, Sendable {
  var query: String
  var ids: [Int]

  init(_ query: String, _ ids: [Int]) {
    self.query = query
    self.ids = ids
  }

  init(_ listing: QueryPager<String, Int, Listing, Void>.Listing) {
    self.init(listing.query, listing.items.map(\.id))
  }
}

extension QueryPagerTests {
  @Test func theFirstPageOfTheQueryListedNowIsFetchedOnceAndThenAnsweredAtOnce() async throws {
    let pager = makePager()
    let first = Task { Shown(try await pager.loadFirstPage()) }
    let call = try await fetch.waitForCalls(1)[0]
    #expect(call.input == "a@0")
    call.resolve(page(1...2, next: 2))
    #expect(try await first.value == Shown("a", [1, 2]))
    #expect(try await Shown(pager.loadFirstPage()) == Shown("a", [1, 2]))
    #expect(fetch.callCount == 1)
  }
}
