import Testing

/// An error a fake upstream throws, told apart by its number.
struct UpstreamError: Error, Equatable {
  let code: Int
}

/// How a caller's task ended, in a form tests can compare.
enum Ending<Value: Equatable & Sendable>: Equatable {
  case value(Value)
  case cancelled
  case failed(UpstreamError)
  case otherError(String)

  init(_ result: Result<Value, any Error>) {
    switch result {
    case .success(let value): self = .value(value)
    case .failure(is CancellationError): self = .cancelled
    case .failure(let error as UpstreamError): self = .failed(error)
    case .failure(let error): self = .otherError(String(describing: error))
    }
  }
}

extension Task where Failure == any Error, Success: Equatable {
  /// Waits for the task and describes how it ended.
  var ending: Ending<Success> {
    get async { Ending(await result) }
  }
}
