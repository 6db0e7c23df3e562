import Custody

/// Why an HTTP call failed, in terms a screen can act on.
///
/// Every failure of ``HTTPClient`` is one of these cases, and each maps to a `FailureCategory`
/// so a view model can choose its words without knowing HTTP. Descriptions say what happened
/// and what to do next; they never contain a header value, a token, a URL or a request body.
///
/// ```swift
/// do {
///   products = try await client.send(.products(limit: 30))
/// } catch {
///   switch error.failureCategory {
///   case .cancelled: return
///   case .rateLimited(let delay): message = "Slow down; try again in \(delay ?? .seconds(30))."
///   default: message = error.description
///   }
/// }
/// ```
public enum HTTPError: Error, Sendable, Hashable, CategorizedError {
  /// The server could not be reached: no network, an unknown host, a refused or lost
  /// connection. `reason` is the transport's explanation, without the URL.
  case offline(reason: String)
  /// The server sent nothing for longer than the request's timeout, which bounds silence: it
  /// never answered, or stopped in the middle of its answer. A request that takes too long in
  /// total fails with ``deadlineExceeded(_:)`` instead.
  case timedOut
  /// The calling task was cancelled; not a failure to show.
  case cancelled
  /// HTTP 401: the credentials are missing, expired, or were rejected again after a refresh.
  case unauthorized(message: String?)
  /// HTTP 403: the credentials are valid but not allowed to do this.
  case forbidden(message: String?)
  /// HTTP 404: the thing asked for does not exist.
  case notFound(message: String?)
  /// HTTP 429: the server asks to slow down; `retryAfter` is the delay it asked for, if any.
  case rateLimited(retryAfter: Duration?, message: String?)
  /// Another 4xx status: the server refused the request; `message` is its explanation.
  case clientError(status: Int, message: String?)
  /// A 5xx status: the server failed.
  case serverError(status: Int, message: String?)
  /// A status the client does not handle, such as a redirect it refused to follow.
  case unexpectedStatus(Int)
  /// The body could not be decoded; `reason` names the coding path and what was wrong there.
  case invalidResponse(reason: String)
  /// The body was larger than the transport's limit, so reading stopped.
  case responseTooLarge(limit: Int)
  /// The request could not be built (a malformed path or a body that failed to encode).
  case invalidRequest(reason: String)
  /// No credential could be obtained for the request. `category` is the credential owner's
  /// verdict: `.unauthorized` when the session has ended, or a transient category (offline,
  /// timed out) when a refresh could not reach the server.
  case credentialUnavailable(category: FailureCategory, reason: String)
  /// Any other transport failure; `code` is the transport's error code.
  ///
  /// A request over its total deadline is one too, made by ``deadlineExceeded(_:)``: its code is
  /// `URLError.timedOut` and its category `FailureCategory.timedOut`.
  case transport(code: Int, reason: String)

  public var failureCategory: FailureCategory {
    switch self {
    case .offline: .offline
    case .timedOut: .timedOut
    case .cancelled: .cancelled
    case .unauthorized: .unauthorized
    case .forbidden: .forbidden
    case .notFound: .notFound
    case .rateLimited(let retryAfter, _): .rateLimited(retryAfter: retryAfter)
    case .clientError(let status, _): .rejected(status: status)
    case .serverError(let status, _): .server(status: status)
    case .unexpectedStatus, .invalidResponse, .responseTooLarge: .invalidResponse
    case .transport(let code, _) where code == Self.deadlineCode: .timedOut
    case .invalidRequest, .transport: .unknown
    case .credentialUnavailable(let category, _): category
    }
  }

  /// The HTTP status the failure came from, if it came from one.
  public var status: Int? {
    switch self {
    case .unauthorized: 401
    case .forbidden: 403
    case .notFound: 404
    case .rateLimited: 429
    case .clientError(let status, _), .serverError(let status, _), .unexpectedStatus(let status): status
    default: nil
    }
  }

  /// The server's own explanation, as the client's ``HTTPClient/errorMessage`` read it from the
  /// error response, if it gave one.
  public var serverMessage: String? {
    switch self {
    case .unauthorized(let message), .forbidden(let message), .notFound(let message),
      .rateLimited(_, let message), .clientError(_, let message), .serverError(_, let message):
      message
    default: nil
    }
  }
}

extension HTTPError: CustomStringConvertible {
  public var description: String {
    let server = serverMessage.map { " The server said: \($0)" } ?? ""
    switch self {
    case .offline(let reason): return "The server could not be reached (\(reason)). Check the connection and try again."
    case .timedOut: return "The server stopped answering: nothing arrived within the request's timeout. Try again."
    case .cancelled: return "The request was cancelled."
    case .unauthorized: return "Not signed in, or the session expired (HTTP 401). Sign in again.\(server)"
    case .forbidden: return "Not allowed (HTTP 403).\(server)"
    case .notFound: return "Not found (HTTP 404).\(server)"
    case .rateLimited(let delay?, _): return "Too many requests (HTTP 429). Try again in \(delay).\(server)"
    case .rateLimited(nil, _): return "Too many requests (HTTP 429). Try again later.\(server)"
    case .clientError(let status, _): return "The server refused the request (HTTP \(status)).\(server)"
    case .serverError(let status, _): return "The server failed (HTTP \(status)). Try again later.\(server)"
    case .unexpectedStatus(let status):
      return "The server answered with HTTP \(status), which the client does not handle (a redirect to another host?)."
    case .invalidResponse(let reason): return "The server's answer could not be read: \(reason)."
    case .responseTooLarge(let limit): return "The server's answer was larger than the limit of \(limit) bytes."
    case .invalidRequest(let reason): return "The request could not be built: \(reason)."
    case .credentialUnavailable(let category, let reason):
      return "No credential for the request (\(category)): \(reason)"
    case .transport(let code, let reason) where code == Self.deadlineCode:
      return "The request was stopped: \(reason). Try again later."
    case .transport(let code, let reason): return "The request failed (transport error \(code): \(reason))."
    }
  }
}

extension HTTPError {
  /// The failure of a request that did not finish within its total deadline (see
  /// ``HTTPRequest/deadline``): the server kept the request open, answering slowly or not at all,
  /// and the transport cancelled it.
  ///
  /// It is a ``transport(code:reason:)`` with code `URLError.timedOut`, whose category is
  /// `FailureCategory.timedOut`; the reason says how long the request was given. (A new case
  /// would break exhaustive `switch` statements written against 1.0.)
  ///
  /// ```swift
  /// if error.isDeadlineExceeded { message = "The server is too slow right now. Try again later." }
  /// ```
  ///
  /// - Parameter deadline: The deadline the request ran over.
  public static func deadlineExceeded(_ deadline: Duration) -> HTTPError {
    .transport(code: deadlineCode, reason: "the server did not finish its answer within \(spoken(deadline))")
  }

  /// Whether this is the failure of a request over its total deadline,
  /// ``deadlineExceeded(_:)``, rather than a server that went silent (``timedOut``).
  public var isDeadlineExceeded: Bool {
    if case .transport(Self.deadlineCode, _) = self { true } else { false }
  }

  /// `URLError.timedOut`, the code of ``deadlineExceeded(_:)``. FoundationNetworking reports its
  /// own timeouts by that code too, but they become ``timedOut`` before any caller sees them.
  static let deadlineCode = -1001

  /// `deadline` as a person reads it: "60 s", "1.5 s", "250 ms".
  private static func spoken(_ deadline: Duration) -> String {
    let milliseconds = Int((deadline / .milliseconds(1)).rounded())
    if milliseconds < 1_000 { return "\(milliseconds) ms" }
    let tenths = (milliseconds + 50) / 100
    return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
  }
}
