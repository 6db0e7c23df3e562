/// Frees large values off the main actor.
///
/// Assigning a new value to main-actor state frees the old one right there: for a list of
/// 100,000 products that stalls the main actor for 75–100 ms on Linux, even with every byte
/// decoded elsewhere. ``replace(_:with:)`` swaps the new value in and hands the old one to a
/// background task, which frees it after the main actor's current job has ended (so a copy
/// the caller still holds in that job cannot make the main actor free it after all).
///
/// ```swift
/// @MainActor func show(_ products: [Product]) {
///   BackgroundRelease.replace(&self.products, with: products)
/// }
/// ```
public enum BackgroundRelease {
  /// Replaces `value` with `newValue` and releases the old value on a background task.
  ///
  /// - Parameters:
  ///   - value: The storage to update, typically a property of a main-actor view model.
  ///   - newValue: The value to store.
  public static func replace<Value: Sendable>(_ value: inout Value, with newValue: consuming Value) {
    var old = newValue
    swap(&value, &old)
    release(old)
  }

  /// Releases `value` on a background task, once the main actor's current job has ended.
  public static func release<Value: Sendable>(_ value: consuming Value) {
    let box = Box(value)
    Task(priority: .utility) {
      await MainActor.run {}
      box.empty()
    }
  }

  /// Holds the value so that only the background task drops the last reference.
  private final class Box<Held: Sendable>: Sendable {
    private let held: LockedState<Held?>

    init(_ value: consuming Held) { held = LockedState(value) }

    func empty() {
      let value = held.withLock { $0.take() }
      _ = consume value
    }
  }
}
