/// What a write through a ``Cache`` settled with: what the server saved, and what readers now
/// see. What ``Cache/mutate(_:optimistically:revalidating:after:operation:merge:)`` returns.
///
/// ```swift
/// let edit = try await products.mutate(id, optimistically: { $0.price = 9.5 }) { _ in
///   try await api.update(id, price: 9.5)
/// }
/// screen.product = edit.shown
/// if edit.saved.price != 9.5 { screen.message = "The server kept another price." }
/// ```
public struct CacheMutation<Value: Sendable>: Sendable {
  /// The value the server holds after the write: its answer, merged into the value committed
  /// when it came. It is the cache's committed value now.
  public var saved: Value
  /// The value readers now see: ``saved`` with the changes of the writes to the key still
  /// pending replayed over it.
  public var shown: Value

  /// A settled write that saved `saved` and shows `shown`.
  public init(saved: Value, shown: Value) {
    self.saved = saved
    self.shown = shown
  }
}

extension CacheMutation: Equatable where Value: Equatable {}
extension CacheMutation: Hashable where Value: Hashable {}

extension CacheRevalidation {
  /// When the revalidations a write names run.
  public enum Trigger: Sendable, Hashable {
    /// When the write settles, whether it succeeded or failed: a request that timed out or was
    /// cancelled may still have changed the server, and only a new load tells.
    case settled
    /// Only when the write succeeds.
    case success
  }
}
