/// A change of one key of a ``Cache``, as ``Cache/updates()`` sends it: the key and its new
/// entry, or its removal.
///
/// ```swift
/// for await change in products.updates() where change.cause == .write {
///   list.replace(change.key, with: change.value)  // every edit, shown, saved or taken back
/// }
/// ```
public struct CacheChange<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// What made the change.
  public enum Cause: Sendable, Hashable {
    /// A load committed its value: a first load, a refresh, a revalidation or a prefetch.
    case load
    /// ``Cache/set(_:for:)`` stored a value.
    case set
    /// A write showed its change, committed its answer, or took its change back.
    case write
    /// The value was removed (``Cache/remove(_:)``, ``Cache/removeAll()``), evicted or trimmed.
    case removal
  }

  /// The key changed.
  public var key: Key
  /// The value readers now see, with its age and freshness; `nil` when the key holds none.
  public var entry: CachedEntry<Value>?
  /// What made the change.
  public var cause: Cause

  /// A change of `key` to `entry`, made by `cause`.
  public init(key: Key, entry: CachedEntry<Value>?, cause: Cause) {
    self.key = key
    self.entry = entry
    self.cause = cause
  }

  /// The value readers now see; `nil` when the key holds none.
  public var value: Value? { entry?.value }
}

extension CacheChange: Equatable where Value: Equatable {}
