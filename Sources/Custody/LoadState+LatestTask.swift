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

extension LatestTask {
  /// Loads into a screen's ``LoadState``: marks it loading, runs `operation` as the newest run,
  /// and applies the outcome (see ``LoadState/apply(_:)``).
  ///
  /// This is the whole load of most screens; their words for a failure derive from the state.
  ///
  /// ```swift
  /// @MainActor @Observable final class CategoriesModel {
  ///   private(set) var state: LoadState<[Category]> = .idle
  ///   var message: String? { state.error.flatMap(Copy.message(for:)) }
  ///   private let latest = LatestTask()
  ///
  ///   func load() async {
  ///     await latest.load(\.state, on: self) { try await api.categories() }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The screen's state.
  ///   - root: The screen's view model.
  ///   - operation: The work, run off the main actor.
  /// - Returns: How the run ended, for screens that do more with it; most ignore it.
  @discardableResult
  public func load<Root: AnyObject, Value: Sendable>(
    _ state: ReferenceWritableKeyPath<Root, LoadState<Value>>, on root: Root,
    operation: @escaping @Sendable @concurrent () async throws -> Value
  ) async -> Outcome<Value> {
    root[keyPath: state].startLoading()
    let outcome = await run(operation)
    root[keyPath: state].apply(outcome)
    return outcome
  }
}
