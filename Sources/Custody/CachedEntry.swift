/// A value a ``Cache`` holds, with how old it is: what ``Cache/cachedEntry(for:)`` returns.
///
/// ```swift
/// if let entry = products.cachedEntry(for: id) {
///   screen.product = entry.value
///   screen.caption = entry.freshness == .expired ? "Updating…" : nil
/// }
/// ```
public struct CachedEntry<Value: Sendable>: Sendable {
  /// The committed value.
  public var value: Value
  /// How long ago it was committed, on the cache's clock.
  public var age: Duration
  /// Whether the cache's policy finds it fresh, stale or expired at that age.
  public var freshness: CacheFreshness

  /// An entry of `value`, committed `age` ago, which the cache's policy finds `freshness`.
  public init(value: Value, age: Duration, freshness: CacheFreshness) {
    self.value = value
    self.age = age
    self.freshness = freshness
  }
}

extension CachedEntry: Equatable where Value: Equatable {}
extension CachedEntry: Hashable where Value: Hashable {}
