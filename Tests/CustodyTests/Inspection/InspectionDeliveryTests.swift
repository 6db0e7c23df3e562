import CustodyTesting
import Testing

@testable import Custody

/// How events reach an inspector: outside the owner's lock, in order, timed on the owner's
/// clock, and named by identifiers that do not change.
@Suite(.timeLimit(.minutes(1)))
struct InspectionDeliveryTests {
  /// An inspector that asks the owner what it holds: it deadlocks if it runs under the lock.
  final class AsksTheCache: OwnerInspector {
    let count = LockedState<(@Sendable () -> Int)?>(nil)
    let counts = LockedState<[Int]>([])

    func record(_ event: OwnerEvent) {
      guard event.kind == .committed, let count = count.withLock({ $0 }) else { return }
      let held = count()
      counts.withLock { $0.append(held) }
    }
  }

  @Test func anInspectorRunsAfterTheOwnerReleasesItsLock() {
    let inspector = AsksTheCache()
    let cache = Cache<Int, String>(name: "products", inspector: inspector)
    inspector.count.withLock { $0 = { [weak cache] in cache?.count ?? 0 } }
    cache.set("one", for: 1)
    cache.set("two", for: 2)
    #expect(inspector.counts.withLock { $0 } == [1, 2])
  }

  @Test func eventsFromManyThreadsArriveInTheOrderTheOwnerRecordedThem() async {
    let inspector = TestInspector()
    let cache = Cache<Int, String>(name: "products", inspector: inspector)
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          for key in 0..<250 { cache.set("\(key)", for: writer * 1_000 + key) }
        }
      }
    }
    let sizes = inspector.events.compactMap { $0.size?.entries }
    #expect(sizes == Array(1...2_000), "each commit's size, in the order the cache made them")
  }

  @Test func eventsCarryTheTimeOfTheOwnersClock() async throws {
    let clock = TestClock()
    let inspector = TestInspector()
    let cache = Cache<Int, String>(clock: clock, name: "products", inspector: inspector)
    let load = ControlledOperation<Void, String>()
    clock.advance(by: .seconds(5))
    // The clock moves once the caller waits: a load that moved it at once could do so before
    // the caller's join is recorded, and that event would rightly carry the later time.
    async let value = cache.value(for: 1) { try await load() }
    try await inspector.waitForWaiters(1, on: 1)
    clock.advance(by: .seconds(3))
    try await load.waitForCalls(1)[0].resolve("one")
    #expect(try await value == "one")
    let events = inspector.events
    #expect(events.map(\.time) == [.seconds(5), .seconds(5), .seconds(5), .seconds(8), .seconds(8)])
    let finished = try #require(events.first { $0.kind == .finished })
    #expect(finished.duration == .seconds(3), "measured on the cache's clock")
    #expect(finished.outcome == .succeeded)
  }

  @Test func kindsAndReasonsKeepTheirIdentifiers() {
    let kinds: [OwnerEvent.Kind] = [
      .hit, .started, .joined, .finished, .committed, .pageAppended, .signedOut, .written,
    ]
    #expect(
      kinds.map(\.rawValue) == [
        "cache.hit", "flight.started", "flight.joined", "flight.finished", "cache.committed", "pager.pageAppended",
        "tokenStore.signedOut", "fileStore.written",
      ])
    #expect(OwnerEvent.Reason.newerRun.rawValue == "newerRun" && "\(OwnerEvent.Reason.newerRun)" == "a newer run")
    #expect(InspectedOwner.Kind.cache.rawValue == "Cache")
  }

  @Test func anAppsOwnOwnerReportsItsOwnKinds() throws {
    let resumed = OwnerEvent.Kind(rawValue: "upload.resumed")
    let owner = InspectedOwner(name: "uploads", kind: InspectedOwner.Kind(rawValue: "UploadQueue"))
    let statistics = Statistics()
    statistics.record(OwnerEvent(owner: owner, kind: resumed, reason: OwnerEvent.Reason(rawValue: "network")))
    let activity = try #require(statistics.snapshot().owner(named: "uploads"))
    #expect(activity.owner.kind.rawValue == "UploadQueue")
    #expect(activity.lastEvent?.kind == resumed)
    #expect(statistics.snapshot().recentEvents.map(\.description) == ["uploads upload.resumed network"])
  }
}
