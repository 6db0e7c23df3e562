import Custody

/// For `demo --inspect`: every event of a scene's owners, hits included, with when it
/// happened, in the order the owners reported them.
final class TraceRecorder: OwnerInspector {
  struct Entry: Sendable {
    /// Since the recorder was made.
    let at: Duration
    let event: OwnerEvent
  }

  /// A scene waiting for an event: what it waits for, and how to wake it.
  private struct Waiter {
    let id: Int
    let matches: @Sendable (OwnerEvent) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private let start = ContinuousClock.now
  private let entries = LockedState<(recorded: [Entry], waiters: [Waiter], nextID: Int)>(([], [], 0))

  func record(_ event: OwnerEvent) {
    let at = start.duration(to: .now)
    let woken = entries.withLock { state -> [Waiter] in
      state.recorded.append(Entry(at: at, event: event))
      let woken = state.waiters.filter { $0.matches(event) }
      state.waiters.removeAll { $0.matches(event) }
      return woken
    }
    for waiter in woken { waiter.continuation.resume() }
  }

  /// Returns once an event that `matches` has been recorded, or after `limit`: a scene waits
  /// for what it shows to have happened, and never hangs if something else happened instead.
  func waitForEvent(atMost limit: Duration, where matches: @escaping @Sendable (OwnerEvent) -> Bool) async {
    let id = entries.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    var timer: Task<Void, Never>?
    await withCheckedContinuation { continuation in
      let seen = entries.withLock { state -> Bool in
        if state.recorded.contains(where: { matches($0.event) }) { return true }
        state.waiters.append(Waiter(id: id, matches: matches, continuation: continuation))
        return false
      }
      if seen {
        continuation.resume()
      } else {
        timer = Task {
          try? await Task.sleep(for: limit)
          self.wake(id)
        }
      }
    }
    timer?.cancel()
  }

  private func wake(_ id: Int) {
    let waiter = entries.withLock { state -> Waiter? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    waiter?.continuation.resume()
  }

  /// Everything recorded so far.
  var recorded: [Entry] { entries.withLock { $0.recorded } }
}
