extension LoadState where Value: Sendable {
  /// Commits the outcome of a ``LatestTask`` run, releasing the replaced value off the caller's
  /// actor (see ``BackgroundRelease``).
  ///
  /// - A completed run shows its value; a failed one its failure, keeping the previous value.
  /// - A cancelled run restores what was shown before; it is never a failure.
  /// - A superseded run changes nothing: the newer run owns the state.
  public mutating func apply(_ outcome: LatestTask.Outcome<Value>) {
    let next: LoadState
    switch outcome {
    case .completed(let value): next = .loaded(value)
    case .failed(let error):
      var failed = self
      failed.fail(error)
      next = failed
    case .cancelled:
      next = value.map { .loaded($0) } ?? .idle
    case .superseded:
      return
    }
    BackgroundRelease.replace(&self, with: next)
  }
}
