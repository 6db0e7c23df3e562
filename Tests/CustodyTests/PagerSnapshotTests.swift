import Testing

@testable import Custody

/// Snapshots a caller keeps: they share their pages with the pager and never change after.
@Suite(.timeLimit(.minutes(1)))
struct PagerSnapshotTests {
  /// A pager over `total` listings in pages of `pageSize`, whose titles say which version of the
  /// list they belong to (the first page of a refresh lists the next version, from v1).
  private func makePager(total: Int, pageSize: Int) -> PlainPager<Int, Listing> {
    let version = LockedState(0)
    return Pager(first: 0) { offset in
      let title = version.withLock { version in
        if offset == 0 { version += 1 }
        return "v\(version)"
      }
      let end = min(offset + pageSize, total)
      return Page(items: (offset..<end).map { Listing(id: $0, title: title) }, next: end < total ? end : nil)
    }
  }

  @Test func snapshotsKeptFromEveryPageStayAsTheyWere() async throws {
    let pager = makePager(total: 2_000, pageSize: 3)
    var kept: [PagerSnapshot<Listing, Void>] = []
    repeat { kept.append(try await pager.loadNext()) } while kept.last!.hasMore
    #expect(kept.count == 667)
    for (page, snapshot) in kept.enumerated() {
      let expected = Array(0..<min((page + 1) * 3, 2_000))
      #expect(snapshot.ids == expected && snapshot.pagedItems.count == expected.count)
      #expect(snapshot.items.map(\.id) == expected)
    }
    #expect(kept[500].pagedItems[1_000] == Listing(id: 1_000, title: "v1"))
    let now = await pager.snapshot
    #expect(kept.last?.pagedItems == now.pagedItems)
  }

  @Test func anUpdateChangesTheListAndNotTheSnapshotsKeptBeforeIt() async throws {
    let pager = makePager(total: 300, pageSize: 7)
    var before = try await pager.loadNext()
    while before.hasMore { before = try await pager.loadNext() }
    _ = before.items  // an array made before the update must not show it either

    #expect(await pager.update(150) { $0.title = "renamed" })

    let after = await pager.snapshot
    #expect(after.pagedItems[150].title == "renamed" && after.items[150].title == "renamed")
    #expect(after.pagedItems.filter { $0.title == "renamed" }.count == 1)
    #expect(before.pagedItems[150].title == "v1" && before.items[150].title == "v1")
    #expect(before.pagedItems != after.pagedItems)
  }

  @Test func refreshAndResetLeaveKeptSnapshotsAlone() async throws {
    let pager = makePager(total: 100, pageSize: 10)
    _ = try await pager.loadNext()
    let twoPages = try await pager.loadNext()

    let refreshed = try await pager.refresh()
    #expect(refreshed.ids == Array(0..<10) && refreshed.pagedItems.allSatisfy { $0.title == "v2" })
    let grown = try await pager.loadNext()
    #expect(grown.ids == Array(0..<20) && grown.pagedItems.allSatisfy { $0.title == "v2" })

    await pager.reset()
    let emptied = await pager.snapshot
    #expect(emptied.pagedItems.isEmpty && emptied.items.isEmpty)
    let again = try await pager.loadNext()
    #expect(again.ids == Array(0..<10) && again.pagedItems.allSatisfy { $0.title == "v3" })

    #expect(twoPages.ids == Array(0..<20) && twoPages.pagedItems.allSatisfy { $0.title == "v1" })
    #expect(refreshed.ids == Array(0..<10) && grown.pagedItems.count == 20)
  }

  @Test func itemsAndPagedItemsSetEachOther() {
    var snapshot = PagerSnapshot<Int, Int>(items: [1, 2, 3], hasMore: true, info: 6)
    #expect(snapshot.pagedItems == [1, 2, 3])
    snapshot.items.append(4)
    #expect(Array(snapshot.pagedItems) == [1, 2, 3, 4])
    snapshot.pagedItems.append(page: [5, 6])
    #expect(snapshot.items == [1, 2, 3, 4, 5, 6])
    #expect(snapshot == PagerSnapshot(pagedItems: [1, 2, 3, 4, 5, 6], hasMore: true, info: 6))
    #expect(snapshot != PagerSnapshot(pagedItems: [1, 2, 3, 4, 5, 6], hasMore: false, info: 6))
    #expect(snapshot != PagerSnapshot(items: [1, 2, 3, 4, 5], hasMore: true, info: 6))
  }
}
