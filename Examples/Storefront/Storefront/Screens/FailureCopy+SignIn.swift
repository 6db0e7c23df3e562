import Custody

extension FailureCopy {
  /// What a login with a wrong username or password says.
  static let wrongCredentials = "Wrong username or password."

  /// The sentence a failed sign-in shows: the server's refusal of the form (400) or of the
  /// account (401) is ``wrongCredentials``; anything else is worded as for any action; `nil`
  /// when the sign-in was cancelled.
  static func signInMessage(for error: any Error) -> String? {
    switch FailureCategory(error) {
    case .rejected(status: 400), .unauthorized: wrongCredentials
    default: message(for: error)
    }
  }

  /// What a request the server refused for want of a session says when nobody signed in:
  /// nothing ended, so "your session has ended" would be wrong.
  public static let signInFirst = "This server asks you to sign in first."
}
