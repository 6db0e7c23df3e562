import CustodyTesting
import Testing

@testable import Custody

/// `LifecycleEvent.systemEvents()`: what the system's notifications and network path mean, and
/// that the observers go when the stream does. The platform's part is a thin layer over the
/// state machine and the stream tested here.
@Suite(.timeLimit(.minutes(3)))
struct SystemLifecycleEventsTests {
  typealias Signal = LifecycleSource.Signal

  private func events(for signals: [Signal]) -> [LifecycleEvent] {
    var machine = LifecycleStateMachine()
    return signals.compactMap { machine.event(for: $0) }
  }

  /// A path's statuses, satisfied or not, and the reconnections they mean.
  static let paths: [(statuses: [Bool], reconnections: [LifecycleEvent])] = [
    ([true], []),  // the first update is the path as it is when monitoring starts
    ([false], []),
    ([false, true], [.didReconnect]),
    ([true, true, true], []),  // a move from Wi-Fi to cellular: never lost
    ([false, true, true, true], [.didReconnect]),  // once per return, whatever follows
    ([true, false, false, true], [.didReconnect]),
    ([true, false, true, false, true], [.didReconnect, .didReconnect]),
    ([true, false], []),
  ]

  @Test(arguments: paths)
  func theNetworkCameBackOnlyWhenThePathBecomesSatisfiedAfterItWasNot(
    statuses: [Bool], reconnections: [LifecycleEvent]
  ) {
    #expect(events(for: statuses.map { .pathUpdated(isSatisfied: $0) }) == reconnections)
  }

  @Test func activationNotificationsBecomeEventsAsTheyComeBetweenPathUpdates() {
    let signals: [Signal] = [
      .pathUpdated(isSatisfied: false), .resignedActive, .becameActive, .pathUpdated(isSatisfied: true),
      .becameActive,
    ]
    #expect(events(for: signals) == [.didResignActive, .didBecomeActive, .didReconnect, .didBecomeActive])
  }

  @Test func theStreamSendsWhatTheSignalsMeanInOrder() async {
    let system = ManualLifecycleSource()
    var events = LifecycleEvent.events(from: system.source).makeAsyncIterator()
    system.send(.pathUpdated(isSatisfied: true), .resignedActive, .pathUpdated(isSatisfied: false))
    system.send(.pathUpdated(isSatisfied: true), .becameActive, .pathUpdated(isSatisfied: true))
    var received: [LifecycleEvent] = []
    for _ in 0..<3 { await events.next().map { received.append($0) } }
    #expect(received == [.didResignActive, .didReconnect, .didBecomeActive])
    #expect(system.started == 1 && system.stopped == 0)
  }

  @Test func cancellingTheConsumerStopsTheSource() async {
    let system = ManualLifecycleSource()
    let stream = LifecycleEvent.events(from: system.source)
    let consumer = Task {
      var received: [LifecycleEvent] = []
      for await event in stream { received.append(event) }
      return received
    }
    consumer.cancel()
    #expect(await consumer.value == [], "the stream ends when its consumer is cancelled")
    #expect(system.stopped == 1, "the observers are removed and the monitor cancelled")
    system.send(.becameActive)  // reaches nobody
  }

  @Test func releasingAStreamNobodyReadStopsTheSource() {
    let system = ManualLifecycleSource()
    do { _ = LifecycleEvent.events(from: system.source) }
    #expect(system.started == 1)
    #expect(system.stopped == 1, "nothing keeps observing for a stream that is gone")
  }

  #if os(Linux)
    @Test func onLinuxTheSystemSendsNothingAndTheStreamEndsWithItsConsumer() async {
      #expect(LifecycleSource.system.start { _ in } == nil, "no notifications and no path monitor")
      let consumer = Task {
        var received: [LifecycleEvent] = []
        for await event in LifecycleEvent.systemEvents() { received.append(event) }
        return received
      }
      consumer.cancel()
      #expect(await consumer.value == [])
    }
  #endif

  @Test func aCacheRevalidatesWhatIsWatchedWhenThePathComesBack() async throws {
    let clock = TestClock()
    let inspector = TestInspector()
    let fetch = ControlledOperation<Int, String>()
    let system = ManualLifecycleSource()
    let cache = Cache<Int, String>(policy: CachePolicy(freshFor: .seconds(60)), clock: clock, inspector: inspector)
    cache.revalidate(on: LifecycleEvent.events(from: system.source))
    cache.set("old", for: 1)
    clock.advance(by: .seconds(61))
    let watcher = cache.deprecated.updates(for: 1, revalidatingWith: { [fetch] in try await fetch(1) })
    system.send(.pathUpdated(isSatisfied: false), .pathUpdated(isSatisfied: true))
    try await fetch.waitForCalls(1)[0].resolve("new")
    try await inspector.waitForEvent("the revalidation's end") { $0.kind == .finished }
    #expect(cache.cachedValue(for: 1) == "new")
    let reasons = inspector.events.filter { $0.kind == .started }.compactMap(\.reason)
    #expect(reasons == [.reconnected])
    _ = watcher
  }
}
