import Custody

extension LoadState where Value: Sendable {
  /// Shows `value` as loaded, releasing what was shown off the main actor.
  mutating func show(_ value: Value) {
    BackgroundRelease.replace(&self, with: .loaded(value))
  }

  /// Goes back to showing nothing, releasing what was shown off the main actor.
  mutating func clear() {
    BackgroundRelease.replace(&self, with: .idle)
  }

  /// This state showing `value` in place of its value, in the same phase (loading, loaded,
  /// failed): for a patch such as a saved edit. Frees nothing; the owner that built `value`
  /// frees what it replaces (see ``CatalogFeed``).
  func replacingValue(with value: Value) -> LoadState {
    switch self {
    case .idle, .loaded: .loaded(value)
    case .loading: .loading(previous: value)
    case .failed(let failure, _): .failed(failure, previous: value)
    }
  }

  /// This state showing `value`, as a page that arrived: a load in progress goes on; otherwise
  /// `value` is loaded, so a failure shown before ends.
  func showing(_ value: Value) -> LoadState {
    isLoading ? .loading(previous: value) : .loaded(value)
  }
}
