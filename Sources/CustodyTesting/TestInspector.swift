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
/// try await inspector.waitForWaiters(2, on: 7)  // both callers wait on one load
/// try await fetch.waitForCalls(1)[0].resolve("seven")
/// #expect(try await [first.value, second.value] == ["seven", "seven"])
/// try await inspector.waitUntilIdle()
/// #expect(inspector.events.contains { $0.kind == .committed && $0.size?.entries == 1 })
/// ```
///
/// It records every event, hits included, and folds each owner's events into an
/// `OwnerActivity` that conditions read. Every wait ends when its task is cancelled, by throwing
/// a ``TestWaitError`` that says what it waited for and what it saw, so a test that hits its
/// `.timeLimit` fails instead of hanging the run.
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

  private struct State: WaitingState {
    var recording = Recording()
    /// Events recorded in all, those an event limit dropped included.
    var eventCount = 0
    var waits = WaitList<State>()
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
    // Owners deliver events outside their locks, one at a time. Waits are resumed after this
    // inspector's lock is released; resuming only schedules the waiting task.
    let ended = state.withLock { state in
      if let index = state.recording.owners.firstIndex(where: { $0.owner == event.owner }) {
        state.recording.owners[index].apply(event)
      } else {
        var activity = OwnerActivity(owner: event.owner)
        activity.apply(event)
        state.recording.owners.append(activity)
      }
      state.recording.events.append(event)
      state.eventCount += 1
      if let eventLimit, state.recording.events.count > eventLimit {
        state.recording.events.removeFirst(state.recording.events.count - eventLimit)
      }
      return state.takeSatisfiedWaits()
    }
    ended.resume()
  }

  /// Everything seen so far.
  public var recording: Recording { state.withLock { $0.recording } }

  /// Every event seen so far, in order.
  public var events: [OwnerEvent] { recording.events }

  /// The kinds of the events of the owner named `name` (of every owner when nil), in order.
  public func kinds(of name: String? = nil) -> [OwnerEvent.Kind] { recording.events(of: name).map(\.kind) }

  /// Suspends until `condition` holds for what the inspector has seen; returns at once if it
  /// already does.
  ///
  /// ```swift
  /// try await inspector.wait(for: "two commits") { $0.activity()?.counters.committed == 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - description: What the condition is, in words, for the error when the wait is cancelled.
  ///   - condition: Read under the inspector's lock after each event; it must not call the
  ///     inspector.
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   before the condition holds; it names `description` and the number and the last of the
  ///   events seen.
  public func wait(
    for description: String = "a condition", until condition: @escaping @Sendable (Recording) -> Bool
  ) async throws(TestWaitError) {
    try await state.wait(for: description, until: { condition($0.recording) }) { state in
      state.recording.describeEvents(of: nil, count: state.eventCount)
    }
  }

  /// Suspends until `count` callers wait on the work attached to `key` (a load, an operation)
  /// of the owner named `owner`, or of any owner.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it names the count and the key, and how many callers waited on the key.
  public func waitForWaiters<Key: Hashable & Sendable>(
    _ count: Int, on key: Key, owner: String? = nil
  ) async throws(TestWaitError) {
    let awaited = "\(quantity(count, "waiter")) on \(key)\(Recording.inOwner(owner))"
    try await state.wait(for: awaited) { state in
      state.recording.selected(owner).contains { $0.waiters(on: key) >= count }
    } seen: { state in
      "\(state.recording.selected(owner).map { $0.waiters(on: key) }.max() ?? 0)"
    }
  }

  /// Suspends until `count` callers wait on the running work of an owner without keys (a
  /// page fetch, a token refresh), named `owner` or any.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it names the count, and the most callers that waited on one piece of work.
  public func waitForWaiters(_ count: Int, owner: String? = nil) async throws(TestWaitError) {
    let awaited = "\(quantity(count, "waiter")) on the running work\(Recording.ofOwner(owner))"
    try await state.wait(for: awaited) { state in
      state.recording.attachedWaiters(of: owner).contains { $0 >= count }
    } seen: { state in
      "\(state.recording.attachedWaiters(of: owner).max() ?? 0)"
    }
  }

  /// Suspends until no work runs (no load, revalidation, fetch or refresh) in the owner named
  /// `owner`, or in any owner.
  ///
  /// Idle is what the inspector has seen: work started on another task is not running here
  /// until its start is delivered, and an event recorded with a flight's end (a cache's commit)
  /// is delivered just after the end. To check work another task starts, or the events after
  /// an end, wait for those events with ``wait(for:until:)`` or ``waitForEvent(_:owner:where:)``.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it lists the work still running.
  public func waitUntilIdle(owner: String? = nil) async throws(TestWaitError) {
    let awaited = "\(owner ?? "every owner") to be idle"
    try await state.wait(for: awaited) { state in
      state.recording.selected(owner).allSatisfy(\.isIdle)
    } seen: { state in
      state.recording.describeRunningWork(of: owner)
    }
  }

  /// Suspends until at most `count` pieces of work run in the owner named `owner` (or in all
  /// owners together), work that was replaced and is only finishing included.
  ///
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it lists the work still running.
  public func waitForRunningWork(atMost count: Int, owner: String? = nil) async throws(TestWaitError) {
    let awaited = "at most \(quantity(count, "piece", plural: "pieces")) of work running\(Recording.inOwner(owner))"
    try await state.wait(for: awaited) { state in
      state.recording.selected(owner).reduce(0) { $0 + $1.flights.count } <= count
    } seen: { state in
      state.recording.describeRunningWork(of: owner)
    }
  }

  /// Suspends until an event matching `predicate` has been seen, and returns the first one.
  ///
  /// - Parameters:
  ///   - description: What the event is, in words, for the error when the wait is cancelled.
  ///   - owner: The owner whose events to read, or nil for every owner.
  ///   - predicate: Read under the inspector's lock; it must not call the inspector.
  /// - Throws: ``TestWaitError`` when the task is cancelled (for example by a `.timeLimit`)
  ///   first; it names `description` and the number and the last of the events seen.
  @discardableResult
  public func waitForEvent(
    _ description: String = "an event matching the predicate", owner: String? = nil,
    where predicate: @escaping @Sendable (OwnerEvent) -> Bool
  ) async throws(TestWaitError) -> OwnerEvent {
    let awaited = "\(description)\(Recording.ofOwner(owner))"
    try await state.wait(for: awaited) { state in
      state.recording.events(of: owner).contains(where: predicate)
    } seen: { state in
      state.recording.describeEvents(of: owner, count: owner == nil ? state.eventCount : nil)
    }
    return recording.events(of: owner).first(where: predicate)!
  }

  /// Suspends until `count` waits are pending on this inspector, so a test of the waits can
  /// cancel one it knows has started.
  package func waitForPendingWaits(_ count: Int) async throws(TestWaitError) {
    try await state.waitForWaits(count, on: "the inspector")
  }
}
