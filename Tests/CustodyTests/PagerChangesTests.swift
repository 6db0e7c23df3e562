import CustodyTesting
import Testing

@testable import Custody

/// `reset()`, `update(_:_:)` (P6) and `updates()` on a running pager.
@Suite(.timeLimit(.minutes(1)))
struct PagerChangesTests {
  let fetch = ControlledOperation<Int, Page<Int, Listing, Void>>(onCancel: .ignore)
  let inspector = TestInspector()

  private func makePager() -> PlainPager<Int, Listing> {
    Pager(first: 0, inspector: inspector) { [fetch] cursor in try await fetch(cursor) }
  }

  private func titled(_ ids: ClosedRange<Int>, _ title: String, next: Int?) -> Page<Int, Listing, Void> {
    Page(items: ids.map { Listing(id: $0, title: title) }, next: next)
  }

  /// A pager that lists 1...3 titled "old".
  private func listingPager() async throws -> PlainPager<Int, Listing> {
    let pager = makePager()
    let first = Task { try await pager.loadNext() }
    try await fetch.waitForCalls(1)[0].resolve(titled(1...3, "old", next: 3))
    _ = try await first.value
    return pager
  }

  @Test func resetCancelsTheFetchInFlightAndListsNothingWithoutFetching() async throws {
    let pager = try await listingPager()
    let more = Task { try await pager.loadNext().ids }
    let stale = try await fetch.waitForCalls(2)[1]

    await pager.reset()
    #expect(await more.ending == .cancelled, "its caller is not answered with a list that is gone")
    try await stale.waitForCancellation()
    let snapshot = await pager.snapshot
    #expect(snapshot.items.isEmpty && snapshot.hasMore && fetch.callCount == 2)

    stale.resolve(page(4...6, next: 6))  // too late: never listed
    try await inspector.waitForRunningWork(atMost: 0)
    #expect(await pager.snapshot.ids == [])

    let again = Task { try await pager.loadNext().ids }
    let first = try await fetch.waitForCalls(3)[2]
    #expect(first.input == 0, "the first cursor again")
    first.resolve(page(1...2, next: 2))
    #expect(try await again.value == [1, 2])
  }

  // P6, on the main actor as a screen calls it.
  @MainActor @Test func anUpdateMadeDuringARefreshSurvivesTheRefreshsPage() async throws {
    let pager = try await listingPager()
    let refreshing = Task { try await pager.refresh() }
    let refresh = try await fetch.waitForCalls(2)[1]

    let title = "renamed"
    #expect(await pager.update(2) { $0.title = title })
    #expect(await pager.snapshot.title(of: 2) == "renamed", "the patch shows at once")
    #expect(await !pager.update(9) { $0.title = title }, "an id not listed is not updated")

    refresh.resolve(titled(1...3, "fetched before the edit", next: 3))
    let refreshed = try await refreshing.value
    #expect(refreshed.title(of: 2) == "renamed" && refreshed.title(of: 1) == "fetched before the edit")
    #expect(await pager.snapshot.items == refreshed.items)
  }

  @Test func updatesStreamTheSnapshotAndEveryChange() async throws {
    let pager = makePager()
    let stream = await pager.updates()
    var changes = stream.makeAsyncIterator()
    #expect(await changes.next()?.ids == [], "the current snapshot first")
    #expect(pager.subscriberCount == 1)

    let loading = Task { try await pager.loadNext() }
    try await fetch.waitForCalls(1)[0].resolve(titled(1...3, "old", next: 3))
    _ = try await loading.value
    #expect(await changes.next()?.ids == [1, 2, 3], "a page appended")

    await pager.update(1) { $0.title = "renamed" }
    #expect(await changes.next()?.title(of: 1) == "renamed", "an update")

    let refreshing = Task { try await pager.refresh() }
    try await fetch.waitForCalls(2)[1].resolve(titled(7...8, "new", next: nil))
    _ = try await refreshing.value
    let refreshed = await changes.next()
    #expect(refreshed?.ids == [7, 8] && refreshed?.hasMore == false, "a refresh applied")

    await pager.reset()
    let reset = await changes.next()
    #expect(reset?.ids == [] && reset?.hasMore == true, "a reset")
  }

  @Test func aStreamEndsWithItsConsumerOrWithThePagerAndLeavesNothing() async throws {
    var pager: PlainPager<Int, Listing>? = makePager()
    let watched = try #require(await pager?.updates())
    let outlived = try #require(await pager?.updates())
    #expect(pager?.subscriberCount == 2)

    let consumer = Task {
      for await _ in watched {}
    }
    consumer.cancel()
    await consumer.value
    #expect(pager?.subscriberCount == 1, "a cancelled consumer's stream is gone")

    weak let released = pager
    pager = nil
    #expect(released == nil, "a stream does not keep its pager")
    var values = 0
    for await _ in outlived { values += 1 }
    #expect(values == 1, "the snapshot it started with, then the end")
  }
}
