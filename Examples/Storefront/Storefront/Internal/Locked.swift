import Custody

/// A value behind a lock, for state a `Sendable` closure must update.
final class Locked<Value: Sendable>: Sendable {
  private let storage: LockedState<Value>

  init(_ value: Value) { storage = LockedState(value) }

  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  /// Sets the value to `newValue` and returns the one it replaces, in one step.
  func exchange(_ newValue: Value) -> Value {
    storage.withLock { value in
      defer { value = newValue }
      return value
    }
  }
}
