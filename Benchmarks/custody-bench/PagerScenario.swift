import Custody

/// `pager`: many pages through `Pager`, keeping every snapshot it answers with (as a screen
/// that keeps the list it shows does), against a loop that calls the fetch directly, and against
/// a model of the storage before `PagedItems`: one array the snapshots share, so each append
/// copies the list. Reports the overhead and shows that the total cost grows linearly with
/// pages: 1,000 pages cost about ten times 100.
enum PagerScenario {
  struct Item: Identifiable, Sendable {
    let id: Int
  }

  /// The storage before `PagedItems`: the list in one array, handed out whole. A caller that
  /// keeps the array makes the next append copy it.
  actor ArrayPager {
    private var items: [Item] = []
    private var next: Int? = 0
    private let fetch: @Sendable (Int) async throws -> Page<Int, Item, Void>

    init(fetch: @escaping @Sendable (Int) async throws -> Page<Int, Item, Void>) { self.fetch = fetch }

    func loadNext() async throws -> (items: [Item], hasMore: Bool) {
      if let cursor = next {
        let page = try await fetch(cursor)
        items += page.items
        next = page.next
      }
      return (items, next != nil)
    }
  }

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("pager")
    let counts = quick ? [20, 200] : [100, 1_000]
    var pager: [Int: Duration] = [:], array: [Int: Duration] = [:], direct: [Int: Duration] = [:]
    // Interleaved, best of each: the machine's load at any moment weighs on every size alike.
    for _ in 0..<(quick ? 5 : 9) {
      for pages in counts {
        let fetch = fetch(pages: pages)
        pager[pages] = min(pager[pages] ?? .seconds(1_000), await time { await listThroughPager(pages, fetch) })
        array[pages] = min(array[pages] ?? .seconds(1_000), await time { await listThroughArray(pages, fetch) })
        direct[pages] = min(direct[pages] ?? .seconds(1_000), await time { await listDirectly(fetch) })
      }
    }
    for pages in counts {
      report.add("Pager ×\(pages) pages, snapshots kept", "total", pager[pages]!.milliseconds, "ms")
      report.add("one shared array ×\(pages) pages, kept", "total", array[pages]!.milliseconds, "ms")
      report.add("direct loop ×\(pages) pages", "total", direct[pages]!.milliseconds, "ms")
      report.add(
        "Pager ×\(pages) pages, snapshots kept", "per page", Measure.nanoseconds(pager[pages]!, per: pages), "ns")
    }
    let small = counts[0], large = counts[1]
    let growth = Double(large) / Double(small)
    report.add(
      "one shared array ×\(large)/×\(small) pages", "growth / pages",
      array[large]!.seconds / array[small]!.seconds / growth, "×")
    report.ratio(
      "Pager ×\(large) pages / \(format(growth)) × Pager ×\(small) pages, snapshots kept",
      pager[large]!.seconds / pager[small]!.seconds / growth, atMost: 1.2)
    return report
  }

  /// Pages of 50 items, `pages` of them.
  static func fetch(pages: Int) -> @Sendable (Int) async throws -> Page<Int, Item, Void> {
    let pageSize = 50
    return { cursor in
      let items = (cursor..<cursor + pageSize).map(Item.init(id:))
      let next = cursor + pageSize
      return Page(items: items, next: next < pages * pageSize ? next : nil)
    }
  }

  static func listThroughPager(
    _ pages: Int, _ fetch: @escaping @Sendable (Int) async throws -> Page<Int, Item, Void>
  ) async {
    let pager = Pager(first: 0, fetch: fetch)
    var kept: [PagerSnapshot<Item, Void>] = []
    kept.reserveCapacity(pages)
    repeat {
      guard let snapshot = try? await pager.loadNext() else { break }
      kept.append(snapshot)
    } while kept.last?.hasMore == true
    blackHole(kept.last?.pagedItems.count)
  }

  static func listThroughArray(
    _ pages: Int, _ fetch: @escaping @Sendable (Int) async throws -> Page<Int, Item, Void>
  ) async {
    let pager = ArrayPager(fetch: fetch)
    var kept: [[Item]] = []
    kept.reserveCapacity(pages)
    var hasMore = true
    while hasMore, let answer = try? await pager.loadNext() {
      kept.append(answer.items)
      hasMore = answer.hasMore
    }
    blackHole(kept.last?.count)
  }

  static func listDirectly(_ fetch: @Sendable (Int) async throws -> Page<Int, Item, Void>) async {
    var items: [Item] = []
    var cursor: Int? = 0
    while let current = cursor, let page = try? await fetch(current) {
      items += page.items
      cursor = page.next
    }
    blackHole(items.count)
  }

  /// How long `body` takes, once.
  static func time(_ body: () async -> Void) async -> Duration {
    let start = Measure.clock.now
    await body()
    return start.duration(to: Measure.clock.now)
  }
}
