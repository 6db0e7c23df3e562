import Custody
import CustodyHTTP

/// The words a screen shows for a failure: one plain sentence per `FailureCategory` that says
/// what happened and what to do next.
///
/// Owners and transports keep failures as categories; view models, which know their audience,
/// turn them into copy here. Cancellation has no words: a cancelled load is not a failure.
///
/// ```swift
/// catch {
///   message = FailureCopy.message(for: FailureCategory(error))  // nil when cancelled
/// }
/// ```
public enum FailureCopy {
  /// The sentence to show for `category`, or `nil` for `.cancelled`.
  public static func message(for category: FailureCategory) -> String? {
    switch category {
    case .cancelled: nil
    case .offline: "You're offline. Check your connection and try again."
    case .timedOut: "The server took too long to answer. Try again."
    case .unauthorized: "Your session has ended. Sign in again."
    case .forbidden: "You are not allowed to do this. Sign in with another account."
    case .notFound: "This product no longer exists."
    case .rateLimited(let delay?): "Too many requests. Try again in \(spoken(delay))."
    case .rateLimited(nil): "Too many requests. Try again in a moment."
    case .rejected: "The server refused the request. Check what you entered and try again."
    case .server: "The server ran into a problem. Try again later."
    case .invalidResponse: "The server's answer could not be read. Try again later."
    case .storage:
      "Saving on this device failed. Check that there is free space and that files may be written, then try again."
    case .unknown: "Something went wrong. Try again."
    }
  }

  /// The sentence to show for `error`, or `nil` when it is a cancellation.
  ///
  /// A transport's failure to connect says which it was, the same on every front end: no
  /// network, nothing answering at the address, a connection the server closed, a name that
  /// does not resolve. A request stopped at its total deadline says so, with the deadline: the
  /// server was answering, too slowly, which "took too long to answer" would not tell.
  public static func message(for error: any Error) -> String? {
    if let failure = error as? HTTPError, failure.isDeadlineExceeded, case .transport(_, let reason) = failure {
      return "Stopped waiting: \(reason). Try again later."
    }
    if case .offline(let reason)? = error as? HTTPError, let words = connectionMessage(reason) { return words }
    return message(for: FailureCategory(error))
  }

  /// The words for a connection that failed as `reason` (``HTTPError/offline(reason:)``'s)
  /// says; `nil` for no network at all, which ``message(for:)-(FailureCategory)`` words.
  private static func connectionMessage(_ reason: String) -> String? {
    switch reason {
    case "the server refused the connection":
      "Nothing answers at the server's address. Check that the server is running and the address is right."
    case "the connection was lost": "The server closed the connection before it answered. Try again."
    case "the host name could not be resolved": "The server's name could not be found. Check the address."
    default: nil
    }
  }

  /// The sentence for an edit the server answered without taking `fields`: what it still has,
  /// and to try another value (the public service ignores a price of 0 and an empty title).
  public static func message(ignoring fields: [ProductChanges.Field], keeping product: Product) -> String {
    switch fields {
    case [.title]: "The server did not take the new title: it still has “\(product.title)”. Try another title."
    case [.price]:
      "The server did not take the new price: it still has \(EditableProduct.text(for: product.price)). "
        + "Try another price."
    default: "The server did not take the new title or price. Try other values."
    }
  }

  /// The sentence for a saved edit the server answered without taking some of its fields (see
  /// ``message(ignoring:keeping:)``); `nil` when it took them all.
  public static func message(ignoringFieldsOf edit: SavedEdit) -> String? {
    let ignored = edit.ignoredFields
    return ignored.isEmpty ? nil : message(ignoring: ignored, keeping: edit.saved)
  }

  /// `delay` in the unit a person would use, rounded up and at least 1 s ("0 s" would invite an
  /// immediate retry): "30 s", "5 min", "24 h", "3 days".
  private static func spoken(_ delay: Duration) -> String {
    let (whole, attoseconds) = delay.components
    let seconds = max(1, whole + (attoseconds > 0 ? 1 : 0))
    func roundedUp(_ unit: Int64) -> Int64 { (seconds + unit - 1) / unit }
    switch seconds {
    case ..<90: return "\(seconds) s"
    case ..<(90 * 60): return "\(roundedUp(60)) min"
    case ..<(48 * 3_600): return "\(roundedUp(3_600)) h"
    default: return "\(roundedUp(86_400)) days"
    }
  }
}
