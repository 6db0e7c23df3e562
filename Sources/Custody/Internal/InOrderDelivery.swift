/// Hands answers to their callers in the order an owner produced them.
///
/// An owner answers its callers in order, but each caller resumes on its own executor, at its
/// own priority: an answer resumed first can run after a newer one. ``deliver(_:revision:)``
/// runs on the caller's executor, in the job that uses the answer, and answers one older than
/// an answer delivered before it with that newer one.
final class InOrderDelivery<Value: Sendable>: Sendable {
  private let newest = LockedState<(revision: UInt64, value: Value)?>(nil)

  init() {}

  /// `value`, taken at `revision`, or the newer value delivered before it.
  func deliver(_ value: Value, revision: UInt64) -> Value {
    newest.withLock { newest in
      if let delivered = newest, delivered.revision > revision { return delivered.value }
      newest = (revision, value)
      return value
    }
  }
}
