/// One registration of a ``LifecycleHub``: what it does with an event and with a poll. Each
/// returns `false` once what it serves is gone (a released cache), and the hub drops it.
struct LifecycleFollower: Sendable {
  let respond: @Sendable (LifecycleEvent) -> Bool
  let poll: @Sendable () -> Bool
  /// How often the hub polls it while the app is active; `nil`: never.
  let pollEvery: Duration?
}

/// The decisions of a ``LifecycleHub``: whether the app is active, who follows it, which
/// events are still to deliver, and which followers the hub polls. The hub delivers and starts
/// or stops the polling this returns, after releasing its lock.
struct LifecycleHubState {
  /// What the deliverer does next.
  enum Delivery {
    /// `event` to every follower in `to`.
    case event(LifecycleEvent, to: [UInt64: LifecycleFollower])
    /// The follower `id`, registered while the app was not active, learns that it is not.
    case catchUp(UInt64, LifecycleFollower)
  }

  private enum Queued {
    case event(LifecycleEvent)
    case catchUp(UInt64)
  }

  private(set) var isActive = true
  private(set) var followers: [UInt64: LifecycleFollower] = [:]
  /// The signals of the system's source, turned into events.
  var system = LifecycleStateMachine()
  private var ids = FlightIDs()
  private var queue: [Queued] = []
  private var isDelivering = false

  /// Adds `follower`; returns its identifier, and whether the caller must now deliver (the
  /// follower learns that the app is not active, in order with the events before and after).
  mutating func register(_ follower: LifecycleFollower) -> (id: UInt64, delivers: Bool) {
    let id = ids.makeID()
    followers[id] = follower
    queue.append(.catchUp(id))
    return (id, startsDelivering())
  }

  /// Removes the follower `id`; returns whether it was registered.
  @discardableResult
  mutating func unregister(_ id: UInt64) -> Bool {
    followers.removeValue(forKey: id) != nil
  }

  /// Queues `event`; returns whether the caller must now deliver: no one else delivers.
  mutating func enqueue(_ event: LifecycleEvent) -> Bool {
    queue.append(.event(event))
    return startsDelivering()
  }

  /// The next delivery, applying its event to ``isActive``; `nil` when the queue is empty,
  /// and the caller stops delivering.
  mutating func nextDelivery() -> Delivery? {
    while !queue.isEmpty {
      switch queue.removeFirst() {
      case .event(let event):
        if event == .didBecomeActive { isActive = true }
        if event == .didResignActive { isActive = false }
        return .event(event, to: followers)
      case .catchUp(let id):
        guard !isActive, let follower = followers[id] else { continue }
        return .catchUp(id, follower)
      }
    }
    isDelivering = false
    return nil
  }

  /// The followers the hub polls now: every follower with an interval while the app is active.
  var polled: [(id: UInt64, every: Duration)] {
    guard isActive else { return [] }
    return followers.compactMap { id, follower in follower.pollEvery.map { (id, $0) } }
  }

  private mutating func startsDelivering() -> Bool {
    guard !isDelivering else { return false }
    isDelivering = true
    return true
  }
}
