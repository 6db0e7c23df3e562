/// What a screen renders for one key of a ``Cache``: the value with its age and freshness, or
/// why there is none, whether a load runs, and the last failure. What ``Cache/watch(_:)`` sends.
///
/// ```swift
/// for await entry in products.watch(id) {
///   screen.product = entry.value
///   screen.isUpdating = entry.isLoading
///   screen.message = entry.failure.flatMap(Copy.message(for:))
/// }
/// ```
///
/// A screen that keeps a ``LoadState`` reads it as one: `LoadState(entry)`.
public struct WatchedEntry<Value: Sendable>: Sendable {
  /// What the cache holds for the key.
  public enum Content: Sendable {
    /// Nothing was held since the watch began: the key is not loaded yet.
    case notLoaded
    /// A value was held and is gone: removed (``Cache/remove(_:)``, ``Cache/removeAll()``) or
    /// evicted. A load for the key may bring a new one.
    case removed
    /// The value shown, with the pending writes' changes over it, its age and freshness.
    case value(CachedEntry<Value>)
  }

  /// What the cache holds for the key.
  public var content: Content
  /// Whether a load of the key runs: a first load, a refresh, a background revalidation or a
  /// prefetch.
  public var isLoading: Bool
  /// The error of the last load of the key that failed; `nil` once a value is committed after it
  /// (a load, a `set`, a write's answer), and when none failed. A cancelled load is not a
  /// failure.
  public var loadError: LoadError?

  /// An entry holding `content`.
  public init(content: Content, isLoading: Bool = false, loadError: LoadError? = nil) {
    self.content = content
    self.isLoading = isLoading
    self.loadError = loadError
  }

  /// The value shown, with its age and freshness when the entry was sent; `nil` when none is
  /// held.
  public var entry: CachedEntry<Value>? {
    if case .value(let entry) = content { return entry }
    return nil
  }

  /// The value shown, if any.
  public var value: Value? { entry?.value }

  /// Whether a value is shown while a load renews it: a stale value revalidating, or a refresh.
  public var isRevalidating: Bool { isLoading && entry != nil }

  /// Whether the key held a value that is gone, as opposed to one never loaded.
  public var wasRemoved: Bool {
    if case .removed = content { return true }
    return false
  }

  /// The category of the last failure, for a screen to choose its words by.
  public var failure: FailureCategory? { loadError?.category }
}

extension WatchedEntry.Content: Equatable where Value: Equatable {}
extension WatchedEntry: Equatable where Value: Equatable {}
