import Custody
import CustodyTesting
import Foundation
import StorefrontCLI
import Testing

/// The panel follows owners without following every event: a burst of thousands makes one
/// new panel per interval, built off the main actor.
@Suite(.timeLimit(.minutes(1)))
struct InspectorFeedTests {
  @Test func aBurstOfEventsMakesOnePanelPerInterval() async throws {
    let feed = InspectorFeed()
    let clock = TestClock()
    let (panels, shown) = AsyncStream.makeStream(of: InspectorPanel.self)
    var received = panels.makeAsyncIterator()
    feed.isShown = true
    let following = Task {
      await feed.follow(every: .milliseconds(100), clock: clock, timeZone: .gmt) { shown.yield($0) }
    }
    let first = try #require(await received.next(), "the panel shows at once when opened")
    #expect(first.owners.isEmpty)
    try await clock.waitForSleepers(1)

    let products = Cache<Int, Int>(name: "products", inspector: feed.inspector)
    for id in 0..<2_000 { _ = try await products.value(for: id) { id } }  // 10,000 events
    clock.advance(by: .milliseconds(100))
    let second = try #require(await received.next())
    #expect(second.owners.first?.counters.started == 2_000, "the whole burst, in one panel")
    try await clock.waitForSleepers(1)

    following.cancel()
    await following.value
    shown.finish()
    var more = 0
    while await received.next() != nil { more += 1 }
    #expect(more == 0, "two panels for the burst, not one per event")
  }

  @Test func aClosedPanelBuildsNothing() async throws {
    let feed = InspectorFeed()
    let (panels, shown) = AsyncStream.makeStream(of: InspectorPanel.self)
    let following = Task { await feed.follow(clock: TestClock()) { shown.yield($0) } }
    let products = Cache<Int, Int>(name: "products", inspector: feed.inspector)
    _ = try await products.value(for: 1) { 1 }
    feed.isShown = true
    var received = panels.makeAsyncIterator()
    let panel = try #require(await received.next())
    #expect(panel.owners.map(\.name) == ["products"], "opening the panel shows what happened while it was closed")
    following.cancel()
    await following.value
  }
}
