import CustodyTesting

@testable import Custody

/// Random `loadNext()`, `refresh()`, `update(_:_:)`, `reset()` and `updates()` calls, some
/// cancelled, on a few pagers over one stable list. Pages are slices of the list at their
/// offset, so any list a pager shows must be a prefix of it: a gap means a page was appended for
/// the wrong cursor (a failed fetch that advanced, or an old list's page appended after a refresh
/// or a reset) and a repeat means an item was listed twice.
///
/// An update saves a new version of a row on the pager's server, then patches the pager. Once
/// the pager took a patch, no snapshot may show that row older than it (P6), and none may show a
/// version the server never saved.
final class PagerSoak: Sendable {
  struct Row: Identifiable, Sendable {
    let id: Int
    var version: Int
  }

  /// One pager's server and what the soak learned about it.
  struct Ledger: Sendable {
    /// The version of every row the server holds; an update saves the next one.
    var versions = [Int](repeating: 0, count: PagerSoak.total)
    /// The least version a listed row may show: the newest patch the pager took for it.
    var floors: [Int: Int] = [:]
    var resetsStarted = 0
    var resetsEnded = 0
  }

  static let total = 95
  static let pageSize = 10
  let pagers: [Pager<Int, Row, Void>]
  let upstreams: [SerialUpstream]
  let inspectors: [TestInspector]
  private let ledgers: [LockedState<Ledger>]
  private let report: SoakReport

  init(report: SoakReport, seed: UInt64) {
    self.report = report
    let upstreams = (0..<3).map {
      SerialUpstream(name: "pager \($0) fetch", report: report, seed: seed ^ (0xFE7C_4000 + UInt64($0)))
    }
    self.upstreams = upstreams
    let inspectors = upstreams.map { _ in TestInspector(eventLimit: 0) }
    self.inspectors = inspectors
    let ledgers = upstreams.map { _ in LockedState(Ledger()) }
    self.ledgers = ledgers
    pagers = (0..<upstreams.count).map { index in
      Pager(first: 0, inspector: inspectors[index]) { [upstream = upstreams[index], ledger = ledgers[index]] skip in
        // The server answers when the request arrives; the answer takes the upstream's latency
        // to come back, so an edit saved meanwhile is newer than the page.
        let versions = ledger.withLock { $0.versions }
        return try await upstream.perform { _ in
          let end = min(skip + Self.pageSize, Self.total)
          return Page(
            items: (skip..<end).map { Row(id: $0, version: versions[$0]) }, next: end < Self.total ? end : nil)
        }
      }
    }
  }

  func step(_ rng: inout SplitMix64) async {
    report.begin(.pager)
    defer { report.end(.pager) }
    let index = rng.int(in: 0...(pagers.count - 1))
    let pager = pagers[index]
    let ledger = ledgers[index]
    let before = ledger.withLock { $0 }
    let cancelAfter = rng.chance(12) ? rng.int(in: 0...4) : nil
    switch rng.int(in: 0...99) {
    case 0..<56:
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter) { try await pager.loadNext() }
      report.judge(result, cancelled: cancelled || resetRan(ledger, since: before), "pager \(index) loadNext()") {
        self.problem($0, pager: index, since: before)
      }
    case 56..<70:
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter) { try await pager.refresh() }
      report.judge(result, cancelled: cancelled || resetRan(ledger, since: before), "pager \(index) refresh()") {
        self.problem($0, pager: index, since: before)
          ?? ($0.items.count == Self.pageSize ? nil : "a refresh did not list one page")
      }
    case 70..<82:
      // Rows near the top are listed most of the time; the later ones often are not.
      let id = rng.int(in: 0...29)
      let saved = ledger.withLock { ledger in
        ledger.versions[id] += 1
        return ledger.versions[id]
      }
      if await pager.update(id, { $0.version = max($0.version, saved) }) {
        ledger.withLock { $0.floors[id] = max($0.floors[id] ?? 0, saved) }
      }
    case 82..<86:
      ledger.withLock { $0.resetsStarted += 1 }
      await pager.reset()
      ledger.withLock { $0.resetsEnded += 1 }
    case 86..<93:
      let wanted = rng.int(in: 1...4)
      _ = await runCancellable(cancelAfter: rng.int(in: 0...20)) {
        var seen = 0
        for await snapshot in await pager.updates() {
          if let problem = self.problem(snapshot, pager: index, since: before) {
            self.report.violation("pager \(index) updates(): \(problem)")
          }
          seen += 1
          if seen == wanted { break }
        }
        return seen
      }
    default:
      if let problem = problem(await pager.snapshot, pager: index, since: before) {
        report.violation("pager \(index) snapshot: \(problem)")
      }
    }
  }

  /// Whether a `reset()` may have cancelled a fetch of a call that began when the ledger was
  /// `before`: one started before the call ended, and had not ended before it began.
  private func resetRan(_ ledger: LockedState<Ledger>, since before: Ledger) -> Bool {
    ledger.withLock { $0.resetsStarted } > before.resetsEnded
  }

  /// What is wrong with a snapshot taken after the ledger was `before`, if anything.
  func problem(_ snapshot: PagerSnapshot<Row, Void>, pager index: Int, since before: Ledger) -> String? {
    let ids = snapshot.items.map(\.id)
    guard ids == Array(0..<ids.count) else { return "listed \(ids.prefix(40)), not a prefix of the list" }
    guard snapshot.hasMore == (ids.count < Self.total) else { return "hasMore is \(snapshot.hasMore) at \(ids.count)" }
    let saved = ledgers[index].withLock { $0.versions }
    for row in snapshot.items {
      if let floor = before.floors[row.id], row.version < floor {
        return "row \(row.id) shows version \(row.version) after the pager took version \(floor)"
      }
      if row.version > saved[row.id] { return "row \(row.id) shows version \(row.version), never saved" }
    }
    return nil
  }

  /// Every caller has returned: no fetch may still run, no stream is left, and each list is
  /// still a prefix that keeps its patches.
  func checkQuiescent() async throws {
    for (index, pager) in pagers.enumerated() {
      try await inspectors[index].waitForRunningWork(atMost: 0)
      try await upstreams[index].waitUntilIdle()
      let before = ledgers[index].withLock { $0 }
      if let problem = problem(await pager.snapshot, pager: index, since: before) {
        report.violation("pager \(index) at rest: \(problem)")
      }
      report.check(pager.subscriberCount == 0, "pager \(index): \(pager.subscriberCount) streams left at rest")
    }
  }
}
