/// How a ``Cache`` treats a value of a given age, under its ``CachePolicy``.
///
/// ```swift
/// if let entry = products.cachedEntry(for: id) {
///   screen.product = entry.value
///   screen.showsUpdating = entry.freshness != .fresh
/// }
/// ```
///
/// Frozen: rule C2 gives a value these three states and no other, so a `switch` over them needs
/// no `default`, in a library built for distribution too.
@frozen
public enum CacheFreshness: Sendable, Hashable, CaseIterable {
  /// Younger than `freshFor`: `value(for:)` returns it without loading.
  case fresh
  /// Past `freshFor` but within `staleFor` after it: `value(for:)` returns it at once and
  /// revalidates it in the background.
  case stale
  /// Past `freshFor + staleFor`: `value(for:)` waits for a load instead of returning it.
  case expired
}
