import Custody
import Foundation
import Observation

/// The sign-in form and the signed-in user. The credential, its renewal and its file belong to
/// ``UserSession``; a session that ends on its own reaches the form through ``observeSession()``.
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
  /// The outcome of sign-ins, sign-outs and checks, overlapping as `ActionState` says.
  public private(set) var actions = ActionState<String>()
  /// Plain words for the last failure; `nil` when there is none.
  public var message: String? { actions.message }
  /// The category of the last failure, for a front end that words some itself; `nil` when none.
  public var failure: FailureCategory? { actions.failure }
  /// Whether a sign-in, sign-out or check runs.
  public var isWorking: Bool { actions.isRunning }

  private let session: UserSession
  private let auth: any AuthService

  public init(session: UserSession, auth: any AuthService) {
    (self.session, self.auth, user) = (session, auth, session.user)
  }

  /// Signs in with ``username`` and ``password``, clearing the password; `true`: signed in.
  @discardableResult
  public func signIn() async -> Bool {
    let name = username.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, !password.isEmpty else { actions.show("Enter your username and password."); return false }
    let signedIn = await ActionState.perform(\.actions, on: self, saying: FailureCopy.signInMessage(for:)) {
      try await session.signIn(username: name, password: password, using: auth)
    }
    if let signedIn { (user, password) = (signedIn, "") }
    return signedIn != nil
  }

  /// Forgets ``message``: a form that closes, or opens again, starts without the old failure.
  public func dismissMessage() { actions.dismiss() }

  /// Signs out and forgets the saved session; one that could not be saved stays, and says why.
  public func signOut() async {
    let signedOut: Void? = await ActionState.perform(\.actions, on: self, saying: FailureCopy.notSignedOut) {
      try await session.signOut(endingOnServerWith: auth)
    }
    if signedOut != nil { user = nil }
  }

  /// Asks the server who is signed in, renewing a rejected token; a session that cannot be
  /// renewed ends.
  public func whoAmI() async {
    let action = actions.begin()
    do {
      user = try await session.refreshUser(using: auth)
      actions.succeed(action)
    } catch {
      if FailureCategory(error) == .unauthorized { user = nil }
      actions.fail(action, with: error, saying: FailureCopy.message(for: error))
    }
  }

  /// Follows the session until the calling task is cancelled: a session that ends without the
  /// user signing out (a rejected refresh) clears ``user`` and shows ``sessionEndedMessage``.
  public func observeSession() async {
    for await change in await session.changes() {
      if case .signedIn = change { user = session.user ?? user } else { user = nil }
      if change == .signedOut(.sessionExpired) { actions.show(Self.sessionEndedMessage, failure: .unauthorized) }
    }
  }
}
