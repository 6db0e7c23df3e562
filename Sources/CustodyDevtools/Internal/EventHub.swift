import Custody

/// Where owners' events wait for the server's thread: the only thing an owner touches.
///
/// Recording appends the event and the time under a lock. Only the first event after a quiet
/// spell writes a byte to the pipe the server polls, so it wakes; while events keep coming, the
/// server takes them every ``Server/Settings/batchInterval`` without being woken, and the owners
/// make no system call at all. Nothing is formatted and nothing waits on a client. When the server falls behind by more than
/// ``limit`` events, newer ones are dropped and counted.
final class EventHub: Sendable {
  /// An event and when it was recorded, on the hub's clock.
  struct Recorded: Sendable {
    let event: OwnerEvent
    let at: ContinuousClock.Instant
  }

  /// The worst lateness of the main actor over a short window, and when it was reported.
  struct Lateness: Sendable {
    let worst: Duration
    let at: ContinuousClock.Instant
  }

  private struct State {
    var waiting: [Recorded] = []
    var latenesses: [Lateness] = []
    var dropped = 0
    /// Whether the server was woken and has not yet found the hub empty: it takes the next
    /// batch on its own clock.
    var isWoken = false
    var isClosed = false
  }

  let limit: Int
  private let state = LockedState(State())
  /// The server polls the read end; the hub owns both ends and closes them when it goes, so a
  /// write never lands on a descriptor reused by someone else.
  let wake: (read: Int32, write: Int32)

  init?(limit: Int) {
    guard let wake = Socket.pipe() else { return nil }
    self.limit = limit
    self.wake = wake
  }

  deinit {
    Socket.close(wake.read)
    Socket.close(wake.write)
  }

  func record(_ event: OwnerEvent) {
    let recorded = Recorded(event: event, at: .now)
    let wakes = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      guard state.waiting.count < limit else {
        state.dropped += 1
        return false
      }
      state.waiting.append(recorded)
      guard !state.isWoken else { return false }
      state.isWoken = true
      return true
    }
    if wakes { signal() }
  }

  /// Notes the main actor's worst lateness of a window; the oldest are dropped when the server
  /// falls behind.
  func record(lateness worst: Duration) {
    let lateness = Lateness(worst: worst, at: .now)
    let wakes = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      if state.latenesses.count >= 64 { state.latenesses.removeFirst() }
      state.latenesses.append(lateness)
      guard !state.isWoken else { return false }
      state.isWoken = true
      return true
    }
    if wakes { signal() }
  }

  /// What waits for the server, taken at once.
  struct Batch {
    var events: [Recorded]
    var dropped: Int
    var latenesses: [Lateness]

    var isEmpty: Bool { events.isEmpty && dropped == 0 && latenesses.isEmpty }
  }

  /// Takes the waiting events, how many were dropped since the last call, and the latenesses.
  ///
  /// When there were none, the next event wakes the server; otherwise the server is expected
  /// to call again soon, on its own.
  func take() -> Batch {
    drain()
    return state.withLock { state in
      let batch = Batch(events: state.waiting, dropped: state.dropped, latenesses: state.latenesses)
      state.waiting.removeAll(keepingCapacity: true)
      state.latenesses.removeAll(keepingCapacity: true)
      state.dropped = 0
      if batch.isEmpty { state.isWoken = false }
      return batch
    }
  }

  /// Stops taking events and wakes the server, which then stops.
  func close() {
    state.withLock { $0.isClosed = true }
    signal()
  }

  var isClosed: Bool { state.withLock { $0.isClosed } }

  private func signal() { Socket.signal(wake.write) }

  private func drain() { Socket.drain(wake.read) }
}

/// The inspector apps attach to their owners.
struct DevtoolsInspector: OwnerInspector {
  let hub: EventHub
  let recordsHits: Bool

  func record(_ event: OwnerEvent) { hub.record(event) }
}
