/// What a screen shows while it loads a value: nothing yet, loading, the value, or a failure,
/// keeping the previous value through loading and failure so the screen never goes blank.
///
/// ```swift
/// @MainActor @Observable final class ProductsModel {
///   private(set) var state: LoadState<[Product]> = .idle
///   private let latest = LatestTask()
///
///   func load() async {
///     state.startLoading()
///     state.apply(await latest.run { try await service.products() })
///   }
/// }
/// ```
///
/// Cancellation is not a failure: a cancelled load returns to what was shown before.
public enum LoadState<Value> {
  /// Nothing loaded and nothing loading.
  case idle
  /// A load runs; `previous` is what was shown before it, if anything.
  case loading(previous: Value?)
  /// The value loaded last.
  case loaded(Value)
  /// The last load failed with `category`; `previous` is what was shown before it.
  case failed(FailureCategory, previous: Value?)

  /// The value to show: the loaded one, or the previous one while loading or after a failure.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous), .failed(_, let previous): previous
    case .loaded(let value): value
    }
  }

  /// Whether a load runs.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The failure to show, if the last load failed.
  public var failure: FailureCategory? {
    if case .failed(let category, _) = self { return category }
    return nil
  }

  /// Marks a load as started, keeping the value shown.
  public mutating func startLoading() {
    self = .loading(previous: value)
  }

  /// Ends a load with `result`. A cancellation (`CancellationError` or an error categorized
  /// `.cancelled`) restores what was shown before the load; it is never a failure.
  public mutating func finish(with result: Result<Value, any Error>) {
    switch result {
    case .success(let value): self = .loaded(value)
    case .failure(let error): fail(error)
    }
  }

  /// Ends a load with `error`; cancellation restores what was shown before.
  public mutating func fail(_ error: any Error) {
    let category = FailureCategory(error)
    if category.isCancellation {
      self = value.map { .loaded($0) } ?? .idle
    } else {
      self = .failed(category, previous: value)
    }
  }
}

extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Equatable where Value: Equatable {}
