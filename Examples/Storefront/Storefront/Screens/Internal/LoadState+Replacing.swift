import Custody

extension LoadState where Value: Sendable {
  /// Shows `value` as loaded, releasing what was shown off the main actor.
  mutating func show(_ value: Value) {
    BackgroundRelease.replace(&self, with: .loaded(value))
  }

  /// Replaces the value shown with `value` while keeping the state's phase (loading, loaded,
  /// failed), releasing the old value off the main actor. For patches such as a saved edit.
  mutating func replaceValue(with value: Value) {
    let next: LoadState
    switch self {
    case .idle, .loaded: next = .loaded(value)
    case .loading: next = .loading(previous: value)
    case .failed(let failure, _): next = .failed(failure, previous: value)
    }
    BackgroundRelease.replace(&self, with: next)
  }

  /// Goes back to showing nothing, releasing what was shown off the main actor.
  mutating func clear() {
    BackgroundRelease.replace(&self, with: .idle)
  }
}
