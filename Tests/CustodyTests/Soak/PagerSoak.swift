import CustodyTesting

@testable import Custody

/// Random `loadNext()` and `refresh()` calls, some cancelled, on a few pagers over one stable
/// list. Pages are slices of the list at their offset, so any list a pager shows must be a
/// prefix of it: a gap means a page was appended for the wrong cursor (a failed fetch that
/// advanced, or an old list's page appended after a refresh) and a repeat means an item was
/// listed twice.
final class PagerSoak: Sendable {
  struct Row: Identifiable, Sendable {
    let id: Int
  }

  static let total = 95
  static let pageSize = 10
  let pagers: [Pager<Int, Row, Void>]
  let upstreams: [SerialUpstream]
  let inspectors: [TestInspector]
  private let report: SoakReport

  init(report: SoakReport, seed: UInt64) {
    self.report = report
    let upstreams = (0..<3).map {
      SerialUpstream(name: "pager \($0) fetch", report: report, seed: seed ^ (0xFE7C_4000 + UInt64($0)))
    }
    self.upstreams = upstreams
    let inspectors = upstreams.map { _ in TestInspector(eventLimit: 0) }
    self.inspectors = inspectors
    pagers = zip(upstreams, inspectors).map { upstream, inspector in
      Pager(first: 0, inspector: inspector) { skip in
        try await upstream.perform { _ in
          let end = min(skip + Self.pageSize, Self.total)
          return Page(items: (skip..<end).map { Row(id: $0) }, next: end < Self.total ? end : nil)
        }
      }
    }
  }

  func step(_ rng: inout SplitMix64) async {
    report.begin(.pager)
    defer { report.end(.pager) }
    let index = rng.int(in: 0...(pagers.count - 1))
    let pager = pagers[index]
    let cancelAfter = rng.chance(12) ? rng.int(in: 0...4) : nil
    switch rng.int(in: 0...99) {
    case 0..<70:
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter) { try await pager.loadNext() }
      report.judge(result, cancelled: cancelled, "pager \(index) loadNext()", accept: Self.problem)
    case 70..<88:
      let (result, cancelled) = await runCancellable(cancelAfter: cancelAfter) { try await pager.refresh() }
      report.judge(result, cancelled: cancelled, "pager \(index) refresh()") { snapshot in
        Self.problem(snapshot) ?? (snapshot.items.count == Self.pageSize ? nil : "a refresh did not list one page")
      }
    default:
      if let problem = Self.problem(await pager.snapshot) { report.violation("pager \(index) snapshot: \(problem)") }
    }
  }

  /// What is wrong with a listed snapshot, if anything.
  static func problem(_ snapshot: PagerSnapshot<Row, Void>) -> String? {
    let ids = snapshot.items.map(\.id)
    guard ids == Array(0..<ids.count) else { return "listed \(ids.prefix(40)), not a prefix of the list" }
    guard snapshot.hasMore == (ids.count < total) else { return "hasMore is \(snapshot.hasMore) at \(ids.count)" }
    return nil
  }

  /// Every caller has returned: no fetch may still run, and each list is still a prefix.
  func checkQuiescent() async throws {
    for (index, pager) in pagers.enumerated() {
      try await inspectors[index].waitForRunningWork(atMost: 0)
      try await upstreams[index].waitUntilIdle()
      if let problem = Self.problem(await pager.snapshot) { report.violation("pager \(index) at rest: \(problem)") }
    }
  }
}
