import Custody
import CustodyTesting
import Foundation
import Storefront
import StorefrontCLI
import Testing

/// The inspector panel: what it says about owners at work, and how it fits the terminal.
@Suite(.timeLimit(.minutes(1)))
struct InspectorPanelTests {
  static let owners: [OwnerSummary] = {
    var cache = OwnerActivity.Counters()
    (cache.hits, cache.misses, cache.started, cache.joins) = (8, 2, 2, 3)
    var pager = OwnerActivity.Counters()
    (pager.pagesAppended, pager.dropped) = (3, 1)
    let names = ["catalog list", "catalog more", "search screen", "product screen", "categories", "session"]
    return [
      OwnerSummary(
        name: "products", kind: .cache, counters: cache,
        flights: [OwnerSummary.Flight(what: "load /products/7", waiters: 3)], size: .init(entries: 12, cost: 12)),
      OwnerSummary(name: "catalog feed", kind: .pager, counters: pager),
      OwnerSummary(name: "favourites", kind: .fileStore), OwnerSummary(name: "offline page", kind: .fileStore),
    ] + names.map { OwnerSummary(name: $0, kind: .latestTask) }
  }()

  static let panel = InspectorPanel(
    owners: owners,
    log: (0..<40).map {
      InspectorPanel.Entry(
        time: "12:01:07.\(100 + $0)", text: "products      joined     /products/7 (\($0 % 4 + 1) waiting)")
    })

  static func browser() -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.rows = (1...30).map { Product(id: $0, title: "Product \($0)", category: "beauty", price: 9.5) }
    snapshot.total = 200
    snapshot.inspector = panel
    return snapshot
  }

  @Test(arguments: [(80, 24), (120, 40), (200, 60), (60, 20), (40, 10), (30, 9), (20, 6)])
  func everyLineFitsTheTerminal(columns: Int, rows: Int) {
    let lines = FrameRenderer.lines(
      Self.browser(), size: TerminalSize(columns: columns, rows: rows), style: .plain, timeZone: .gmt)
    #expect(lines.count == rows)
    for line in lines { #expect(line.count <= columns, "\(line)") }
  }

  @Test func at80By24TheTableTheOwnersAndTheLastEventsAllShow() {
    let lines = FrameRenderer.lines(
      Self.browser(), size: TerminalSize(columns: 80, rows: 24), style: .plain, timeZone: .gmt)
    let text = lines.joined(separator: "\n")
    #expect(lines[0].hasPrefix(" Storefront"))
    #expect(text.contains("Product 1"), "rows of the table")
    #expect(text.contains(" Inspector · 10 owners · 1 in flight, 3 waiting"))
    #expect(text.contains(" products       hit 80% · 2 loads · 3 joined · 12 held"))
    #expect(text.contains("⟳ load /products/7 (3 waiting)"), "what runs now, and who waits on it")
    #expect(text.contains("12:01:07.139 products      joined     /products/7 (4 waiting)"), "the newest event")
    #expect(lines[22].hasPrefix(" 30 of 200"), "the status line stays second to last")
    #expect(lines[23].contains("s sort"), "the keys stay last")
  }

  @Test func aWideTerminalShowsThePanelBesideTheTable() {
    let lines = FrameRenderer.lines(
      Self.browser(), size: TerminalSize(columns: 140, rows: 30), style: .plain, timeZone: .gmt)
    #expect(lines[0].contains("│ Inspector"))
    #expect(lines.filter { $0.contains("Product ") && $0.contains("│") }.count > 10, "rows and panel side by side")
  }

  @Test func inColourThePanelBesideTheTableStartsInTheSameColumnAsInPlainText() {
    let size = TerminalSize(columns: 140, rows: 30)
    var browser = Self.browser()
    browser.selection = 2
    browser.favorites = [4]
    let plain = FrameRenderer.lines(browser, size: size, style: .plain, timeZone: .gmt)
    let coloured = FrameRenderer.lines(browser, size: size, style: Style(usesColor: true), timeZone: .gmt)
    #expect(coloured != plain, "the colour sequences are there")
    #expect(coloured.map { $0.replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "") } == plain, "and take no column")
  }

  @Test func aSmallTerminalKeepsTheBusyOwnersAndTheNewestEvent() {
    let lines = InspectorPanelRenderer.lines(Self.panel, width: 40, height: 5, style: .plain)
    #expect(lines.count == 5)
    #expect(lines[1].hasPrefix(" products"), "the owner with work in flight comes first")
    #expect(lines.contains { $0.hasPrefix(" + ") && $0.contains("more owners") })
    #expect(lines[4].hasPrefix(" products      joined     /products/7"), "the newest event, without its time")
    #expect(!lines[4].contains("12:01"))
  }

  @Test func aLoadCallersWaitOnComesBeforeRunsNobodyWaitsOn() {
    let panel = InspectorPanel(owners: [
      OwnerSummary(
        name: "product screen", kind: .latestTask,
        flights: [OwnerSummary.Flight(what: "run", waiters: 0), OwnerSummary.Flight(what: "run", waiters: 0)]),
      OwnerSummary(name: "favourites", kind: .fileStore),
      OwnerSummary(
        name: "products", kind: .cache, flights: [OwnerSummary.Flight(what: "load /products/1", waiters: 2)]),
    ])
    let lines = InspectorPanelRenderer.lines(panel, width: 50, height: 5, style: .plain)
    #expect(lines[1].hasPrefix(" products "))
    #expect(lines[2] == "   ⟳ load /products/1 (2 waiting)")
    #expect(lines[3] == " + 2 more owners")
  }

  @Test func aTerminalTooSmallForThePanelShowsTheBrowserAlone() {
    #expect(InspectorPanelRenderer.placement(for: TerminalSize(columns: 80, rows: 8)) == .hidden)
    var plain = Self.browser()
    plain.inspector = nil
    let size = TerminalSize(columns: 80, rows: 8)
    #expect(
      FrameRenderer.lines(Self.browser(), size: size, style: .plain)
        == FrameRenderer.lines(plain, size: size, style: .plain))
  }

  @Test func aPanelOfRealOwnersShowsACoalescedLoadAndNoControlCharacters() async throws {
    let statistics = Statistics()
    let inspector = TestInspector()
    let products = Cache<Int, String>(
      name: "products", inspector: InspectorGroup(statistics, inspector), describeKey: { "/products/\($0)" })
    let searches = Cache<String, String>(
      name: "searches", inspector: statistics, describeKey: { "search \"\($0)\"" })
    let fetch = ControlledOperation<Int, String>()
    let callers = (0..<3).map { _ in Task { try await products.value(for: 7) { try await fetch(7) } } }
    try await inspector.waitForWaiters(3, on: 7)
    _ = try await searches.value(for: "pho\u{1B}[2J\n") { "found" }

    let panel = InspectorPanel(statistics.snapshot(), timeZone: .gmt)
    let text = InspectorPanelRenderer.lines(panel, width: 80, height: 16, style: .plain).joined(separator: "\n")
    #expect(text.contains("⟳ load /products/7 (3 waiting)"))
    #expect(text.contains("products      joined     /products/7 (3 waiting)"))
    #expect(text.contains("searches      stored     search \"pho [2J \" (1 held)"))
    #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    try await fetch.waitForCalls(1)[0].resolve("seven")
    for caller in callers { #expect(try await caller.value == "seven") }
  }

  struct Refused: Error {}

  @Test func writesThroughACacheReadAsLayeredCommittedAndRolledBack() async throws {
    let statistics = Statistics()
    let products = Cache<Int, String>(name: "products", inspector: statistics, describeKey: { "/products/\($0)" })
    products.set("lamp", for: 7)
    try await products.mutate(7, optimistically: { $0 = "brass lamp" }) { _ in "brass lamp" }
    await #expect(throws: Refused.self) {
      try await products.mutate(7, optimistically: { $0 = "" }) { _ in throw Refused() }
    }

    let panel = InspectorPanel(statistics.snapshot(), timeZone: .gmt)
    let log = panel.log.map(\.text).filter { $0.contains("write #") }
    #expect(
      log == [
        "products      layered    /products/7 write #1", "products      committed  /products/7 write #1",
        "products      layered    /products/7 write #2", "products      rolled back /products/7 write #2",
      ])
  }
}
