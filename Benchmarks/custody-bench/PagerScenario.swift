import Custody

/// `pager`: many pages through `Pager` against a loop that calls the fetch directly. Reports the
/// overhead and shows that total cost grows linearly with pages.
enum PagerScenario {
  struct Item: Identifiable, Sendable {
    let id: Int
  }

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("pager")
    let pageSize = 50
    let counts = quick ? [100, 200] : [500, 1_000]
    var pagerTimes: [Int: Duration] = [:]
    for pages in counts {
      let fetch: @Sendable (Int) async throws -> Page<Int, Item, Void> = { cursor in
        let items = (cursor..<cursor + pageSize).map(Item.init(id:))
        let next = cursor + pageSize
        return Page(items: items, next: next < pages * pageSize ? next : nil)
      }
      let pager = await Measure.best(repetitions: 3) {
        let pager = Pager(first: 0, fetch: fetch)
        var snapshot = try? await pager.loadNext()
        while snapshot?.hasMore == true { snapshot = try? await pager.loadNext() }
        blackHole(snapshot?.items.count)
      }
      let direct = await Measure.best(repetitions: 3) {
        var items: [Item] = []
        var cursor: Int? = 0
        while let current = cursor, let page = try? await fetch(current) {
          items += page.items
          cursor = page.next
        }
        blackHole(items.count)
      }
      pagerTimes[pages] = pager
      report.add("Pager ×\(pages) pages", "total", pager.milliseconds, "ms")
      report.add("direct loop ×\(pages) pages", "total", direct.milliseconds, "ms")
      report.add("Pager ×\(pages) pages", "overhead", pager.seconds / direct.seconds, "×")
    }
    let small = counts[0], large = counts[1]
    let growth = Double(large) / Double(small)
    report.ratio(
      "Pager ×\(large)/×\(small) pages (pages ×\(format(growth)))",
      pagerTimes[large]!.seconds / pagerTimes[small]!.seconds,
      atMost: growth * 1.5)
    return report
  }
}
