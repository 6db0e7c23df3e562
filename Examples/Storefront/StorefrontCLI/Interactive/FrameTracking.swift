import Custody

/// Which redraws the browser's frame needs, so that one change draws one frame however long
/// the browser runs.
///
/// A `withObservationTracking` registration stays pending until a property it read changes,
/// and fires once. Registering again on every draw, as a loop that draws after every key and
/// tick would, piles registrations up: one change then posts a redraw per pending one, and the
/// frames per key grow with every event. So the frame registers only when its last registration
/// has fired (until then it still watches what the frame reads: the properties read depend
/// only on tracked values), and a change posts a redraw only when none is queued, and the
/// queued redraw is skipped when a draw after the change has already shown it.
final class FrameTracking: Sendable {
  private struct State {
    var isRegistered = false
    var isQueued = false
  }

  private let state = LockedState(State())

  /// Whether the frame about to be drawn must register its reads: no registration is pending.
  func beginDraw() -> Bool {
    state.withLock { state in
      defer { state.isRegistered = true }
      return !state.isRegistered
    }
  }

  /// A property the frame read changed (the registration fired); whether to post a redraw:
  /// none is queued yet.
  func changed() -> Bool {
    state.withLock { state in
      state.isRegistered = false
      defer { state.isQueued = true }
      return !state.isQueued
    }
  }

  /// The posted redraw arrived; whether to draw: no draw has registered again since the change.
  func redrawArrived() -> Bool {
    state.withLock { state in
      state.isQueued = false
      return !state.isRegistered
    }
  }
}
