/// The one place an app's lifecycle events go: the app sends them here once, and every cache
/// registered with it follows them.
///
/// A cache that follows the hub does what ``Cache/revalidate(on:)`` does for each event: when the
/// app becomes active again or the network comes back, every key a screen watches whose value is
/// not fresh is revalidated once, joining a load already running; while the app is not active,
/// polling pauses. The hub adds what a per-cache subscription cannot:
///
/// - One source for the whole app. The system's events (the application's activation
///   notifications and one `NWPathMonitor`, see ``LifecycleEvent/systemEvents()``) are observed
///   once by the hub, however many caches follow it; the app adds its own with ``send(_:)``
///   (a SwiftUI scene phase, a terminal's focus) or ``listen(to:)``.
/// - A handle: ``register(_:)`` returns a ``Registration`` whose ``Registration/cancel()`` stops
///   the cache following the hub. A released cache stops by itself.
/// - A polling default: with `pollEvery`, the hub polls the keys every registered cache watches
///   at that interval while the app is active, as ``CachePolicy/pollEvery`` does for one cache;
///   a cache whose policy polls keeps its own interval.
/// - A cache registered while the app is not active starts paused.
///
/// ```swift
/// let lifecycle = LifecycleHub()  // the system's events, where the platform sends them
/// lifecycle.register(products)
/// lifecycle.register(searches)
///
/// // SwiftUI: .onChange(of: scenePhase) { if $1 == .active { lifecycle.send(.didBecomeActive) } }
/// // After a request succeeds that failed offline: lifecycle.send(.didReconnect)
/// ```
///
/// Events are delivered in the order they are sent, to every follower, one at a time; a send
/// made while another is being delivered is delivered right after it.
public final class LifecycleHub: Sendable {
  /// Stops what ``LifecycleHub/register(_:)`` or ``LifecycleHub/listen(to:)`` started.
  ///
  /// Dropping the handle stops nothing: a registration lasts until ``cancel()``, or until the
  /// hub or what it registered is released.
  public struct Registration: Sendable {
    private let stop: @Sendable () -> Void

    init(_ stop: @escaping @Sendable () -> Void) {
      self.stop = stop
    }

    /// Ends the registration; later events do not reach it. Calling it again does nothing.
    public func cancel() {
      stop()
    }
  }

  private struct Storage {
    var machine = LifecycleHubState()
    var pollers: [UInt64: Task<Void, Never>] = [:]
    var feeds: [UInt64: Task<Void, Never>] = [:]
    var feedIDs = FlightIDs()
    var stopSystem: (@Sendable () -> Void)?
  }

  /// The polling interval of caches registered without one of their own; `nil`: no polling.
  public let pollEvery: Duration?
  private let storage = LockedState(Storage())
  private let observers = Broadcast<LifecycleEvent>()
  private let sleep: @Sendable (Duration) async throws -> Void

  /// Creates a hub, active, that listens to the system's events.
  ///
  /// - Parameters:
  ///   - pollEvery: How often the keys screens watch are polled while the app is active, for
  ///     every cache registered without an interval of its own; `nil` (the default) polls none.
  ///   - clock: The clock polling waits on; pass a test clock in tests.
  ///   - listensToSystem: Whether the hub observes the system's events (see
  ///     ``LifecycleEvent/systemEvents()``): once, for all its followers. Where the platform sends
  ///     none, Linux included, this changes nothing.
  public convenience init(
    pollEvery: Duration? = nil, clock: some Clock<Duration> = ContinuousClock(), listensToSystem: Bool = true
  ) {
    self.init(pollEvery: pollEvery, clock: clock, source: listensToSystem ? .system : nil)
  }

  /// Creates a hub that observes `source` once, for all its followers.
  init(pollEvery: Duration?, clock: some Clock<Duration>, source: LifecycleSource?) {
    self.pollEvery = pollEvery
    sleep = { try await clock.sleep(for: $0) }
    // The source holds the hub weakly, so it never keeps a released hub alive.
    let stop = source?.start { [weak self] signal in self?.receive(signal) }
    storage.withLock { $0.stopSystem = stop }
  }

  deinit {
    let (tasks, stop) = storage.withLock { (Array($0.pollers.values) + $0.feeds.values, $0.stopSystem) }
    stop?()
    for task in tasks { task.cancel() }
  }

  /// Whether the app is active: the last of ``LifecycleEvent/didBecomeActive`` and
  /// ``LifecycleEvent/didResignActive`` delivered; a new hub is active.
  public var isActive: Bool { storage.withLock { $0.machine.isActive } }

  /// The number of caches registered and not released.
  public var registrationCount: Int { storage.withLock { $0.machine.followers.count } }

  /// The number of streams of ``updates()`` whose consumers still read them.
  public var subscriberCount: Int { observers.subscriberCount }

  /// Sends `event` to every registered cache, and to every stream of ``updates()``.
  public func send(_ event: LifecycleEvent) {
    if storage.withLock({ $0.machine.enqueue(event) }) { deliver() }
  }

  /// A stream of every event the hub delivers from now on: for app code that follows the
  /// lifecycle itself. It ends when its consumer's task is cancelled or the hub is released.
  public func updates() -> AsyncStream<LifecycleEvent> {
    observers.updates()
  }

  /// Makes `cache` follow the hub, with the hub's polling default (``pollEvery``).
  ///
  /// - Returns: The registration, to ``Registration/cancel()``; the cache follows the hub until
  ///   then, or until it is released.
  @discardableResult
  public func register<Key, Value>(_ cache: Cache<Key, Value>) -> Registration {
    register(cache, pollEvery: pollEvery)
  }

  /// Makes `cache` follow the hub, polled every `pollEvery` while the app is active (`nil`: not
  /// polled by the hub). A cache whose ``CachePolicy/pollEvery`` is set keeps its own polling.
  ///
  /// - Returns: The registration, to ``Registration/cancel()``.
  @discardableResult
  public func register<Key, Value>(_ cache: Cache<Key, Value>, pollEvery: Duration?) -> Registration {
    let (id, delivers) = storage.withLock { storage in
      let registered = storage.machine.register(cache.lifecycleFollower(pollEvery: pollEvery))
      updatePolling(&storage)
      return registered
    }
    if delivers { deliver() }
    return Registration { [weak self] in self?.unregister(id) }
  }

  /// Sends every event of `events` to the hub until the sequence ends, the registration is
  /// cancelled or the hub is released.
  ///
  /// ```swift
  /// lifecycle.listen(to: terminalFocusEvents)
  /// ```
  @discardableResult
  public func listen<Events: AsyncSequence & Sendable>(to events: Events) -> Registration
  where Events.Element == LifecycleEvent {
    storage.withLock { storage in
      let id = storage.feedIDs.makeID()
      storage.feeds[id] = Task { [weak self] in
        do {
          for try await event in events {
            guard let self else { return }
            self.send(event)
          }
        } catch {}
        self?.storage.withLock { _ = $0.feeds.removeValue(forKey: id) }
      }
      return Registration { [weak self] in self?.storage.withLock { $0.feeds.removeValue(forKey: id) }?.cancel() }
    }
  }

  /// Turns a signal of the system's source into an event, if it means one.
  private func receive(_ signal: LifecycleStateMachine.Signal) {
    if let event = storage.withLock({ $0.machine.system.event(for: signal) }) { send(event) }
  }

  /// Delivers the queued events in order, until none is left; one caller delivers at a time.
  private func deliver() {
    while let delivery = storage.withLock({ storage in
      defer { updatePolling(&storage) }
      return storage.machine.nextDelivery()
    }) {
      switch delivery {
      case .event(let event, let followers):
        for (id, follower) in followers where !follower.respond(event) { unregister(id) }
        observers.send(event)
      case .catchUp(let id, let follower):
        if !follower.respond(.didResignActive) { unregister(id) }
      }
    }
  }

  private func unregister(_ id: UInt64) {
    storage.withLock { storage in
      if storage.machine.unregister(id) { updatePolling(&storage) }
    }
  }

  /// Starts polling the followers the machine polls now and stops the others.
  private func updatePolling(_ storage: inout Storage) {
    let wanted = Dictionary(uniqueKeysWithValues: storage.machine.polled.map { ($0.id, $0.every) })
    for (id, task) in storage.pollers where wanted[id] == nil {
      task.cancel()
      storage.pollers[id] = nil
    }
    for (id, interval) in wanted where storage.pollers[id] == nil {
      storage.pollers[id] = Task { [weak self, sleep] in
        while (try? await sleep(interval)) != nil {
          guard let self, self.poll(id) else { return }
        }
      }
    }
  }

  /// Polls the follower `id`; returns whether it still follows.
  private func poll(_ id: UInt64) -> Bool {
    guard let follower = storage.withLock({ $0.machine.followers[id] }) else { return false }
    if follower.poll() { return true }
    unregister(id)
    return false
  }
}
