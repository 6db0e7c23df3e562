/// What kind of failure happened, in terms a screen can turn into words.
///
/// Transports and owners keep failures as categories; view models, which know their audience,
/// turn a category into copy. Cancellation is a category so that it can be recognised and
/// ignored: a cancelled load is never shown as a failure.
///
/// ```swift
/// catch {
///   switch FailureCategory(error) {
///   case .cancelled: return                     // neutral: keep what the screen shows
///   case .offline: message = "You're offline."
///   case .rateLimited(let delay?): message = "Too many requests. Try again in \(delay)."
///   default: message = "Something went wrong."
///   }
/// }
/// ```
public enum FailureCategory: Sendable, Hashable, CustomStringConvertible {
  /// No network, or the server could not be reached.
  case offline
  /// The server did not answer in time.
  case timedOut
  /// The work was cancelled; not a failure to show.
  case cancelled
  /// Credentials are missing, expired or were rejected (HTTP 401), or the session ended.
  case unauthorized
  /// The credentials are valid but not allowed to do this (HTTP 403).
  case forbidden
  /// The thing asked for does not exist (HTTP 404).
  case notFound
  /// The server asks to slow down; `retryAfter` is how long it asked to wait, when it said.
  case rateLimited(retryAfter: Duration?)
  /// The server refused the request as malformed or invalid (another 4xx status).
  case rejected(status: Int)
  /// The server failed (5xx status).
  case server(status: Int)
  /// The answer could not be understood: wrong format, malformed or too large.
  case invalidResponse
  /// Reading or writing local storage failed.
  case storage
  /// Anything not described above.
  case unknown

  /// The category of `error`: its own when it is a ``CategorizedError``, `.cancelled` for
  /// `CancellationError`, `.unknown` otherwise.
  public init(_ error: any Error) {
    switch error {
    case let error as any CategorizedError: self = error.failureCategory
    case is CancellationError: self = .cancelled
    default: self = .unknown
    }
  }

  /// Whether this is cancellation, which screens treat as no failure at all.
  public var isCancellation: Bool { self == .cancelled }

  /// Whether trying again later may succeed without anything else changing.
  public var isTransient: Bool {
    switch self {
    case .offline, .timedOut, .rateLimited, .server: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .offline: "offline"
    case .timedOut: "timed out"
    case .cancelled: "cancelled"
    case .unauthorized: "unauthorized"
    case .forbidden: "forbidden"
    case .notFound: "not found"
    case .rateLimited(let delay?): "rate limited (retry after \(delay))"
    case .rateLimited(nil): "rate limited"
    case .rejected(let status): "rejected (HTTP \(status))"
    case .server(let status): "server error (HTTP \(status))"
    case .invalidResponse: "invalid response"
    case .storage: "storage failure"
    case .unknown: "unknown failure"
    }
  }
}

/// An error that knows its ``FailureCategory``.
///
/// Every error type in Custody conforms, so `FailureCategory(error)` classifies any error an
/// owner or a transport throws.
public protocol CategorizedError: Error {
  /// The category a screen uses to choose its words.
  var failureCategory: FailureCategory { get }
}
