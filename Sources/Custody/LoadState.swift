/// What a screen shows while it loads a value: nothing yet, loading, the value, or a failure,
/// keeping the previous value through loading and failure so the screen never goes blank.
///
/// ```swift
/// @MainActor @Observable final class ProductsModel {
///   private(set) var state: LoadState<[Product]> = .idle
///   private let latest = LatestTask()
///
///   /// The words for the failure shown, derived from the state: no second property to keep in step.
///   var message: String? { state.error.flatMap(Copy.message(for:)) }
///
///   func load() async {
///     await latest.load(\.state, on: self) { try await service.products() }
///   }
/// }
/// ```
///
/// A failure keeps the error itself, with its ``FailureCategory``, so a view model derives its
/// words from the state. Cancellation is not a failure: a cancelled load returns to what was
/// shown before.
public enum LoadState<Value> {
  /// Nothing loaded and nothing loading.
  case idle
  /// A load runs; `previous` is what was shown before it, if anything.
  case loading(previous: Value?)
  /// The value loaded last.
  case loaded(Value)
  /// The last load failed; `previous` is what was shown before it.
  case failed(LoadError, previous: Value?)

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

  /// The category of the failure to show, if the last load failed.
  public var failure: FailureCategory? { loadFailure?.category }

  /// The error of the last load, if it failed.
  public var error: (any Error)? { loadFailure?.error }

  /// The failure of the last load, if it failed; read it as ``failure`` or ``error``.
  var loadFailure: LoadError? {
    if case .failed(let failure, _) = self { return failure }
    return nil
  }

  /// Marks a load as started, keeping the value shown.
  public mutating func startLoading() {
    self = .loading(previous: value)
  }

  /// Marks a load as started, as ``startLoading()`` does; but when nothing shows yet and a
  /// `cached` value exists, shows it as loaded instead, so a screen opened on a value the app
  /// already has shows it at once, without a spinner, while the current one loads.
  ///
  /// ```swift
  /// state.startLoading(orShowing: products.cachedValue(for: id))
  /// state.apply(await latest.run { try await products.value(for: id) })
  /// ```
  public mutating func startLoading(orShowing cached: Value?) {
    if value == nil, let cached {
      self = .loaded(cached)
    } else {
      startLoading()
    }
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
    let failure = LoadError(error)
    if failure.category.isCancellation {
      self = value.map { .loaded($0) } ?? .idle
    } else {
      self = .failed(failure, previous: value)
    }
  }
}

extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Equatable where Value: Equatable {}

/// Why a load failed: the error and the category a screen chooses its words by.
///
/// Two failures are equal when their categories and descriptions are, which is what a screen
/// can show of them.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error the load threw.
  public let error: any Error
  /// Its category.
  public let category: FailureCategory

  /// Wraps `error`, categorizing it with ``FailureCategory/init(_:)``.
  public init(_ error: any Error) {
    if let failure = error as? LoadError {
      self = failure
    } else {
      self.error = error
      self.category = FailureCategory(error)
    }
  }

  public var description: String { String(describing: error) }

  public static func == (lhs: LoadError, rhs: LoadError) -> Bool {
    lhs.category == rhs.category && lhs.description == rhs.description
  }
}
