/// Hands answers to their callers in the order an owner produced them, and frees replaced
/// answers off the caller's actor.
///
/// An owner answers its callers in order, but each caller resumes on its own executor, at its
/// own priority: an answer resumed first can run after a newer one. ``deliver(_:revision:)``
/// runs on the caller's executor, in the job that uses the answer, and answers one older than
/// an answer delivered before it with that newer one.
///
/// It keeps the answer delivered last. A screen that assigns a new answer then never drops the
/// last copy of the one it showed: that copy is handed to ``BackgroundRelease``, which lets go
/// of it once the caller's job, and with it the assignment, has ended.
final class InOrderDelivery<Value: Sendable>: Sendable {
  private let newest = LockedState<(revision: UInt64, value: Value)?>(nil)

  init() {}

  /// `value`, taken at `revision`, or the newer value delivered before it.
  func deliver(_ value: Value, revision: UInt64) -> Value {
    let (answer, replaced) = newest.withLock { newest -> (Value, Value?) in
      if let delivered = newest, delivered.revision > revision { return (delivered.value, nil) }
      let replaced = newest?.value
      newest = (revision, value)
      return (value, replaced)
    }
    if let replaced { BackgroundRelease.release(replaced) }
    return answer
  }

  /// Lets go of the answer delivered last off the caller's actor.
  func releaseNewest() {
    if let newest = newest.withLock({ $0.take() }) { BackgroundRelease.release(newest.value) }
  }
}
