extension LoadState where Value: Sendable {
  /// The state a screen shows for a watched key of a ``Cache``: loading while a load runs
  /// (keeping the value shown), failed after a failed load (keeping it too), loaded with a
  /// value, idle with none.
  ///
  /// ```swift
  /// for await entry in products.watch(id) { state = LoadState(entry) }
  /// ```
  public init(_ watched: WatchedEntry<Value>) {
    let value = watched.value
    if watched.isLoading {
      self = .loading(previous: value)
    } else if let failure = watched.loadError {
      self = .failed(failure, previous: value)
    } else if let value {
      self = .loaded(value)
    } else {
      self = .idle
    }
  }
}
