import Custody

/// An inspector that lets a test wait until owners reach a state, instead of sleeping.
///
/// Give it to the owners under test; then, before answering a fake, wait for what must have
/// happened first. Everything it offers is public API, so a test needs no `@testable import`.
///
/// ```swift
/// let inspector = TestInspector()
/// let products = Cache<Int, String>(inspector: inspector)
/// let fetch = ControlledOperation<Int, String>()
/// let first = Task { try await products.value(for: 7) { try await fetch(7) } }
/// let second = Task { try await products.value(for: 7) { try await fetch(7) } }
/// await inspector.waitForWaiters(2, on: 7)      // both callers wait on one load
/// await fetch.waitForCalls(1)[0].resolve("seven")
/// #expect(try await [first.value, second.value] == ["seven", "seven"])
/// await inspector.waitUntilIdle()
/// #expect(inspector.events.contains { $0.kind == .committed(size: .init(entries: 1, cost: 1)) })
/// ```
///
/// It records every event, hits included, and folds each owner's events into an
/// `OwnerActivity` that conditions read.
public final class TestInspector: OwnerInspector {
  /// What the inspector has seen, as conditions read it.
  public struct Recording: Sendable {
    /// Every event, in the order the owners recorded them.
    public fileprivate(set) var events: [OwnerEvent] = []
    /// The activity of every owner that recorded an event, in the order they first did.
    public fileprivate(set) var owners: [OwnerActivity] = []

    /// The activity of the owner named `name`, or of the only owner when `name` is nil.
    public func activity(of name: String? = nil) -> OwnerActivity? {
      guard let name else { return owners.count == 1 ? owners[0] : nil }
      return owners.first { $0.owner.name == name }
    }

    /// The owners named `name`, or all of them.
    func selected(_ name: String?) -> [OwnerActivity] {
      guard let name else { return owners }
      return owners.filter { $0.owner.name == name }
    }

    /// The events of the owner named `name`, or all of them.
    public func events(of name: String?) -> [OwnerEvent] {
      guard let name else { return events }
      return events.filter { $0.owner.name == name }
    }
  }

  private struct Watcher {
    let condition: @Sendable (Recording) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var recording = Recording()
    var watchers: [Watcher] = []
  }

  private let state = LockedState(State())
  private let eventLimit: Int?

  /// Creates an inspector that has seen nothing.
  ///
  /// - Parameter eventLimit: How many of the latest events ``events`` keeps; `nil` keeps them
  ///   all. A long-running test (a soak) passes a small number: the owners' activities, which
  ///   conditions read, are kept whatever the limit.
  public init(eventLimit: Int? = nil) {
    precondition((eventLimit ?? 0) >= 0, "An event limit cannot be negative")
    self.eventLimit = eventLimit
  }

  public func record(_ event: OwnerEvent) {
    // Owners call this under their own lock. Resuming a continuation only schedules its task,
    // so doing it here cannot call back into the owner.
    state.withLock { state in
      if let index = state.recording.owners.firstIndex(where: { $0.owner == event.owner }) {
        state.recording.owners[index].apply(event)
      } else {
        var activity = OwnerActivity(owner: event.owner)
        activity.apply(event)
        state.recording.owners.append(activity)
      }
      state.recording.events.append(event)
      if let eventLimit, state.recording.events.count > eventLimit {
        state.recording.events.removeFirst(state.recording.events.count - eventLimit)
      }
      let recording = state.recording
      state.watchers.removeAll { watcher in
        guard watcher.condition(recording) else { return false }
        watcher.continuation.resume()
        return true
      }
    }
  }

  /// Everything seen so far.
  public var recording: Recording { state.withLock { $0.recording } }

  /// Every event seen so far, in order.
  public var events: [OwnerEvent] { recording.events }

  /// The kinds of the events of the owner named `name` (of every owner when nil), in order.
  public func kinds(of name: String? = nil) -> [OwnerEvent.Kind] { recording.events(of: name).map(\.kind) }

  /// Suspends until `condition` holds for what the inspector has seen; returns at once if it
  /// already does.
  public func wait(until condition: @escaping @Sendable (Recording) -> Bool) async {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        if condition(state.recording) {
          continuation.resume()
        } else {
          state.watchers.append(Watcher(condition: condition, continuation: continuation))
        }
      }
    }
  }

  /// Suspends until `count` callers wait on the work attached to `key` (a load, an operation)
  /// of the owner named `owner`, or of any owner.
  public func waitForWaiters<Key: Hashable & Sendable>(_ count: Int, on key: Key, owner: String? = nil) async {
    await wait { recording in recording.selected(owner).contains { $0.waiters(on: key) >= count } }
  }

  /// Suspends until `count` callers wait on the running work of an owner without keys (a
  /// page fetch, a token refresh), named `owner` or any.
  public func waitForWaiters(_ count: Int, owner: String? = nil) async {
    await wait { recording in
      recording.selected(owner).contains { activity in
        activity.flights.values.contains { !$0.isDetached && $0.waiters >= count }
      }
    }
  }

  /// Suspends until no work runs (no load, revalidation, fetch or refresh) in the owner named
  /// `owner`, or in any owner.
  public func waitUntilIdle(owner: String? = nil) async {
    await wait { recording in recording.selected(owner).allSatisfy(\.isIdle) }
  }

  /// Suspends until at most `count` pieces of work run in the owner named `owner` (or in all
  /// owners together), work that was replaced and is only finishing included.
  public func waitForRunningWork(atMost count: Int, owner: String? = nil) async {
    await wait { recording in recording.selected(owner).reduce(0) { $0 + $1.flights.count } <= count }
  }

  /// Suspends until an event matching `predicate` has been seen, and returns the first one.
  @discardableResult
  public func waitForEvent(
    owner: String? = nil, where predicate: @escaping @Sendable (OwnerEvent) -> Bool
  ) async -> OwnerEvent {
    await wait { recording in recording.events(of: owner).contains(where: predicate) }
    return recording.events(of: owner).first(where: predicate)!
  }
}
