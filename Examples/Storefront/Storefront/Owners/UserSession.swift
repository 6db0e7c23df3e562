import Custody
import CustodyHTTP
import Foundation

/// What is persisted of a session: who signed in, and their credential. Kept in an
/// owner-only (0600) file.
public struct StoredSession: Sendable, Hashable, Codable {
  public var user: User
  public var credential: Credential

  public init(user: User, credential: Credential) {
    self.user = user
    self.credential = credential
  }
}

/// Owns the signed-in session: a `TokenStore` that renews the credential once for every
/// request, persisted in an owner-only file so a session survives a restart.
///
/// A refresh the authenticator judges final (the server rejected the refresh token) signs the
/// session out and clears the file; a transient failure keeps it.
///
/// ```swift
/// let session = await UserSession.open(
///   store: FileStore(url: file, default: nil, protection: .ownerOnly), authenticator: authenticator)
/// let user = try await session.signIn(username: "emilys", password: "emilyspass", using: auth)
/// ```
public final class UserSession: Sendable {
  /// Hands out and renews the credential; give it to the authorization middleware.
  public let tokens: TokenStore
  private let store: FileStore<StoredSession?>

  private init(tokens: TokenStore, store: FileStore<StoredSession?>) {
    self.tokens = tokens
    self.store = store
  }

  /// Reads the session file and opens the session it holds, if any.
  ///
  /// - Parameters:
  ///   - store: The session file; use `.ownerOnly` protection.
  ///   - policy: When the credential is renewed and how often at most.
  ///   - now: The wall clock expiry dates are compared with.
  ///   - clock: The clock the refresh budget counts in.
  ///   - authenticator: Renews a credential (without needing one itself) and decides which
  ///     failed renewal ends the session.
  ///   - inspector: Receives the token store's events, under the name "session".
  public static func open(
    store: FileStore<StoredSession?>, policy: TokenStore.Policy = .init(),
    now: @escaping @Sendable () -> Date = { Date() }, clock: some Clock<Duration> = ContinuousClock(),
    authenticator: some Authenticator, inspector: (any OwnerInspector)? = nil
  ) async -> UserSession {
    let stored = await store.load()
    let tokens = TokenStore(
      credential: stored?.credential, authenticator: authenticator, policy: policy, now: now, clock: clock,
      persist: { credential in
        if let credential { store.update { $0?.credential = credential } } else { store.save(nil) }
      }, name: "session", inspector: inspector)
    return UserSession(tokens: tokens, store: store)
  }

  /// The signed-in user as last known; synchronous.
  public var user: User? { store.value?.user }

  /// Whether someone is signed in.
  public var isSignedIn: Bool {
    get async { await tokens.isSignedIn }
  }

  /// What went wrong reading the session file at start, if anything.
  public var loadProblem: FileStoreError? {
    get async { await store.loadProblem }
  }

  /// Signs in with `auth` and persists the session.
  ///
  /// - Throws: The login's error (invalid credentials are a `.rejected(status: 400)` failure).
  @discardableResult
  public func signIn(username: String, password: String, using auth: any AuthService) async throws -> User {
    let signedIn = try await auth.login(username: username, password: password)
    store.save(StoredSession(user: signedIn.user, credential: signedIn.credential))
    await tokens.signIn(signedIn.credential)
    try await store.flush()
    return signedIn.user
  }

  /// Signs out and forgets the persisted session, then asks the server to end it too.
  ///
  /// The local sign-out never waits for the network: it happens first, and the server's part
  /// is best effort (a server that cannot be reached lets the token run out by itself).
  ///
  /// - Parameter auth: Ends the session on the server; `nil` signs out locally only.
  /// - Throws: A `FileStore` error when the session file could not be cleared.
  public func signOut(endingOnServerWith auth: (any AuthService)? = nil) async throws {
    let credential = store.value?.credential
    await tokens.signOut()
    store.save(nil)
    let cleared: Result<Void, any Error>
    do { try await store.flush(); cleared = .success(()) } catch { cleared = .failure(error) }
    if let auth, let credential { try? await auth.logout(credential) }
    try cleared.get()
  }

  /// Asks the server who is signed in and remembers the answer.
  public func refreshUser(using auth: any AuthService) async throws -> User {
    let user = try await auth.me()
    store.update { $0?.user = user }
    return user
  }

  /// Waits until the persisted session matches memory.
  public func flush() async throws {
    try await store.flush()
  }

  /// Signed-in and signed-out changes, with the reason for a sign-out.
  public func changes() async -> AsyncStream<TokenStore.Session> {
    await tokens.sessions()
  }
}
