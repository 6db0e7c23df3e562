import Custody
import Foundation
import Observation

/// The sign-in form and the signed-in user.
///
/// The credential, its renewal and its file belong to ``UserSession``; this class holds what
/// the form shows. A session that ends on its own reaches it through ``observeSession()``.
///
/// ```swift
/// let account = SessionViewModel(environment: environment)
/// account.username = "emilys"
/// account.password = "emilyspass"
/// if await account.signIn() { print("Hello, \(account.user!.displayName)") }
/// ```
@MainActor @Observable
public final class SessionViewModel {
  /// What a session that ended without the user signing out says.
  public static let sessionEndedMessage = "Your session has ended. Sign in again."
  /// What a login with a wrong username or password says.
  public static let wrongCredentialsMessage = FailureCopy.wrongCredentials

  public var username = ""
  public var password = ""
  /// The signed-in user; `nil` when no one is signed in.
  public private(set) var user: User?
  /// Whether a sign-in, sign-out or check runs.
  public private(set) var isWorking = false
  /// Plain words for the last failure; `nil` when there is none.
  public private(set) var message: String?
  /// The category of the last failure, for a front end that words some itself; `nil` when none.
  public private(set) var failure: FailureCategory?

  @ObservationIgnored private let session: UserSession
  @ObservationIgnored private let auth: any AuthService

  public init(environment: StorefrontEnvironment) {
    session = environment.session
    auth = environment.auth
    user = environment.session.user
  }

  /// Signs in with ``username`` and ``password``; the password is cleared on success.
  ///
  /// - Returns: Whether someone is now signed in.
  @discardableResult
  public func signIn() async -> Bool {
    let name = username.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, !password.isEmpty else {
      show(nil, "Enter your username and password.")
      return false
    }
    isWorking = true
    defer { isWorking = false }
    do {
      user = try await session.signIn(username: name, password: password, using: auth)
      password = ""
      show(nil)
      return true
    } catch {
      if let words = FailureCopy.signInMessage(for: error) { show(FailureCategory(error), words) }
      return false
    }
  }

  /// Forgets ``message``: a form that closes, or opens again, starts without the old failure.
  public func dismissMessage() {
    show(nil)
  }

  /// Signs out and forgets the saved session. A sign-out that could not be saved leaves the
  /// user signed in, with a ``message`` that says why.
  public func signOut() async {
    isWorking = true
    defer { isWorking = false }
    do {
      try await session.signOut(endingOnServerWith: auth)
      show(nil)
      user = nil
    } catch is CancellationError {
      // Neutral: the screen keeps what it shows.
    } catch {
      show(.storage, FailureCopy.notSignedOut(error))
    }
  }

  /// Asks the server who is signed in, renewing a rejected token; a session that cannot be renewed ends.
  public func whoAmI() async {
    isWorking = true
    defer { isWorking = false }
    do {
      user = try await session.refreshUser(using: auth)
      show(nil)
    } catch {
      let category = FailureCategory(error)
      if category == .unauthorized { user = nil }
      if let words = FailureCopy.message(for: error) { show(category, words) }
    }
  }

  /// Follows the session until the calling task is cancelled: a session that ends without the
  /// user signing out (a rejected refresh) clears ``user`` and shows ``sessionEndedMessage``.
  public func observeSession() async {
    for await change in await session.changes() {
      switch change {
      case .signedIn: user = session.user ?? user
      case .signedOut(.sessionExpired):
        user = nil
        show(.unauthorized, Self.sessionEndedMessage)
      case .signedOut(.userSignedOut), .signedOut(.notSignedIn):
        user = nil
      }
    }
  }

  /// Shows `words` for a failure of `category`, or no failure.
  private func show(_ category: FailureCategory?, _ words: String? = nil) {
    failure = category
    message = words
  }
}
