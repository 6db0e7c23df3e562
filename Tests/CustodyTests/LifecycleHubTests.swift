import CustodyTesting
import Testing

@testable import Custody

/// One lifecycle hub per app: every cache registered with it follows its events, the system is
/// observed once, a registration stops when cancelled, and the hub polls while the app is active.
@Suite(.timeLimit(.minutes(3)))
struct LifecycleHubTests {
  let clock = TestClock()
  let fetch = ControlledOperation<Int, String>()
  let inspector = TestInspector()

  private func makeCache(pollEvery: Duration? = nil) -> Cache<Int, String> {
    Cache(
      policy: CachePolicy(freshFor: .seconds(60), staleFor: .seconds(600), pollEvery: pollEvery), clock: clock,
      inspector: inspector)
  }

  private func makeHub(pollEvery: Duration? = nil, source: LifecycleSource? = nil) -> LifecycleHub {
    LifecycleHub(pollEvery: pollEvery, clock: clock, source: source)
  }

  /// Watches `key` of `cache`, holding `value`, with `fetch` as its load.
  private func watch(
    _ key: Int, of cache: Cache<Int, String>, holding value: String
  ) -> AsyncStream<WatchedEntry<String>> {
    cache.set(value, for: key)
    return cache.watch(key, load: { [fetch] in try await fetch(key) })
  }

  @Test func everyRegisteredCacheRevalidatesItsStaleWatchedKeysOnOneEvent() async throws {
    let hub = makeHub()
    let products = makeCache()
    let searches = makeCache()
    hub.register(products)
    hub.register(searches)
    let watchers = [watch(1, of: products, holding: "lamp"), watch(2, of: searches, holding: "lamps")]
    clock.advance(by: .seconds(61))

    hub.send(.didBecomeActive)

    let calls = try await fetch.waitForCalls(2)
    #expect(Set(calls.map(\.input)) == [1, 2], "each cache's stale watched key, once")
    hub.send(.didReconnect)  // joins the loads running
    for call in calls { call.resolve("new \(call.input)") }
    try await inspector.wait(for: "both loads ended") { $0.events.count { $0.kind == .finished } == 2 }
    #expect(products.cachedValue(for: 1) == "new 1" && searches.cachedValue(for: 2) == "new 2")
    #expect(fetch.callCount == 2)
    _ = watchers
  }

  @Test func theSystemIsObservedOnceHoweverManyCachesFollow() async throws {
    let system = ManualLifecycleSource()
    var hub: LifecycleHub? = makeHub(source: system.source)
    let caches = (1...3).map { _ in makeCache() }
    for cache in caches { hub?.register(cache) }
    let watchers = caches.enumerated().map { index, cache in watch(index, of: cache, holding: "old") }
    clock.advance(by: .seconds(61))
    #expect(system.started == 1, "one observer, one path monitor")

    system.send(.pathUpdated(isSatisfied: false), .pathUpdated(isSatisfied: true))

    let calls = try await fetch.waitForCalls(3)
    #expect(Set(calls.map(\.input)) == [0, 1, 2])
    #expect(
      inspector.events.filter { $0.kind == .started }.compactMap(\.reason) == Array(repeating: .reconnected, count: 3))
    hub = nil
    #expect(system.stopped == 1, "released with the hub")
    for call in calls { call.resolve("new") }
    _ = watchers
  }

  @Test func aCancelledRegistrationNoLongerFollows() async throws {
    let hub = makeHub()
    let followed = makeCache()
    let stopped = makeCache()
    hub.register(followed)
    let registration = hub.register(stopped)
    let watchers = [watch(1, of: stopped, holding: "old"), watch(2, of: followed, holding: "old")]
    clock.advance(by: .seconds(61))

    registration.cancel()
    registration.cancel()
    hub.send(.didBecomeActive)

    let call = try await fetch.waitForCalls(1)[0]
    #expect(call.input == 2, "only the cache still registered")
    #expect(hub.registrationCount == 1)
    call.resolve("new")
    try await inspector.wait(for: "the load's end") { $0.events.contains { $0.kind == .finished } }
    #expect(fetch.callCount == 1)
    _ = watchers
  }

  @Test func aReleasedCacheIsDroppedAtTheNextEvent() {
    let hub = makeHub()
    do {
      let cache = makeCache()
      hub.register(cache)
      #expect(hub.registrationCount == 1)
    }
    hub.send(.didReconnect)
    #expect(hub.registrationCount == 0)
  }

  @Test func aCacheRegisteredWhileTheAppIsNotActiveStartsPaused() {
    let hub = makeHub()
    hub.send(.didResignActive)
    let cache = makeCache(pollEvery: .seconds(30))

    hub.register(cache)

    #expect(!hub.isActive)
    #expect(cache.state.withLock { $0.watching.isActive } == false, "its own polling pauses too")
    hub.send(.didBecomeActive)
    #expect(cache.state.withLock { $0.watching.isActive })
  }

  @Test func theHubPollsWatchedKeysWhileTheAppIsActive() async throws {
    let hub = makeHub(pollEvery: .seconds(120))
    let cache = makeCache()
    let watcher = watch(1, of: cache, holding: "v")
    hub.register(cache)
    try await clock.waitForSleepers(1)

    clock.advance(by: .seconds(120))

    try await fetch.waitForCalls(1)[0].resolve("polled")
    try await inspector.waitForEvent("the poll's end") { $0.kind == .finished }
    #expect(cache.cachedValue(for: 1) == "polled")
    #expect(inspector.events.first { $0.kind == .started }?.reason == .poll)
    try await clock.waitForSleepers(1)

    hub.send(.didResignActive)
    #expect(clock.sleeperCount == 0, "polling pauses")
    hub.send(.didBecomeActive)
    try await clock.waitForSleepers(1)
    #expect(clock.nextDeadline?.offset == .seconds(240), "a full interval after the return")
    _ = watcher
  }

  @Test func aCacheThatPollsByItselfOrIsRegisteredWithoutPollingIsNotPolledByTheHub() async throws {
    let hub = makeHub(pollEvery: .seconds(10))
    hub.register(makeCache(pollEvery: .seconds(30)))
    hub.register(makeCache(), pollEvery: nil)
    #expect(clock.sleeperCount == 0)
    #expect(hub.registrationCount == 2)
  }

  @Test func theHubForwardsASequenceAndItsOwnSendsInOrder() async throws {
    let hub = makeHub()
    let terminal = Broadcast<LifecycleEvent>()
    var heard = hub.updates().makeAsyncIterator()
    let listening = hub.listen(to: terminal.updates())

    terminal.send(.didResignActive)
    #expect(await heard.next() == .didResignActive)
    hub.send(.didBecomeActive)
    #expect(await heard.next() == .didBecomeActive)
    listening.cancel()
    hub.send(.didReconnect)
    #expect(await heard.next() == .didReconnect)
    #expect(hub.isActive)
  }

  @Test func anEventSentWhileOneIsDeliveredComesAfterIt() {
    var state = LifecycleHubState()
    let follower = LifecycleFollower(respond: { _ in true }, poll: { true }, pollEvery: .seconds(5))
    _ = state.register(follower)
    var next = describe(state.nextDelivery())
    #expect(next == "none", "a catch-up while active is skipped")
    var delivers = state.enqueue(.didResignActive)
    #expect(delivers, "the first sender delivers")
    delivers = state.enqueue(.didBecomeActive)
    #expect(!delivers, "a send during the delivery is queued")
    delivers = state.register(follower).delivers
    #expect(!delivers)

    next = describe(state.nextDelivery())
    #expect(next == "resigned active to 2")
    #expect(!state.isActive && state.polled.isEmpty)
    next = describe(state.nextDelivery())
    #expect(next == "became active to 2")
    #expect(state.isActive && state.polled.count == 2)
    next = describe(state.nextDelivery())
    #expect(next == "none", "the follower that came meanwhile has nothing to catch up on")
    delivers = state.enqueue(.didReconnect)
    #expect(delivers, "the next sender delivers again")
  }

  @Test func aFollowerRegisteredWhileNotActiveCatchesUpInOrder() {
    var state = LifecycleHubState()
    let follower = LifecycleFollower(respond: { _ in true }, poll: { true }, pollEvery: nil)
    let delivers = state.enqueue(.didResignActive)
    #expect(delivers)
    let registered = state.register(follower)
    #expect(!registered.delivers)
    var deliveries: [String] = []
    while let delivery = state.nextDelivery() { deliveries.append(describe(delivery)) }
    #expect(deliveries == ["resigned active to 1", "catch-up \(registered.id)"], "it hears the event, then catches up")
  }

  private func describe(_ delivery: LifecycleHubState.Delivery?) -> String {
    switch delivery {
    case .event(let event, let followers): "\(event) to \(followers.count)"
    case .catchUp(let id, _): "catch-up \(id)"
    case nil: "none"
    }
  }
}
