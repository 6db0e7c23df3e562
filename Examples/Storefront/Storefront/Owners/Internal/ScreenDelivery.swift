import Custody

/// Hands a screen's newest value to the screen, in order, and frees replaced values off the
/// screen's actor.
///
/// An owner builds values in order on its own executor, numbered; the screen's awaits resume on
/// its actor, not always in that order. ``deliver(_:)`` runs on the screen's actor in the job
/// that commits the value, so it sees deliveries in commit order: a value older than one
/// delivered is answered with the newer one, and the screen never goes back.
///
/// It keeps a copy of the value delivered last. The screen's assignment of a new value then
/// never drops the last copy of the old one: the copy is handed to `BackgroundRelease`, which
/// lets go of it once the screen's current job, and with it the assignment, has ended.
final class ScreenDelivery<Value: Sendable>: Sendable {
  /// A value an owner built, numbered in the order it built them.
  struct Built: Sendable {
    var number: UInt64
    var value: Value
  }

  private let delivered = LockedState<Built?>(nil)

  init() {}

  /// The value to commit now: `built`, or the newer one delivered before it.
  ///
  /// Call it on the screen's actor and commit its answer in the same job, with no suspension
  /// between.
  func deliver(_ built: Built) -> Value {
    let (answer, replaced) = delivered.withLock { last -> (Value, Built?) in
      if let newer = last, newer.number >= built.number { return (newer.value, nil) }
      let replaced = last
      last = built
      return (built.value, replaced)
    }
    // `built` holds a copy of the answer; freed after this job, once the screen holds its own.
    BackgroundRelease.release((built, replaced))
    return answer
  }
}
