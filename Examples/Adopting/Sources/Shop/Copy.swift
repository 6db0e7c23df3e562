import Custody

/// The words the shop shows for a failure: the one place categories become copy.
public enum Copy {
  /// Words for `error`, or `nil` for a cancellation, which is never shown.
  public static func message(for error: any Error) -> String? {
    switch FailureCategory(error) {
    case .cancelled: nil
    case .offline: "You're offline. Check your connection and try again."
    case .notFound: "This product is no longer available."
    case .rateLimited: "Too many requests. Try again in a moment."
    default: "Something went wrong. Try again."
    }
  }
}
