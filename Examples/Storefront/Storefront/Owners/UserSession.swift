import Custody
import CustodyHTTP
import Foundation

/// What is persisted of a session: who signed in, their credential, and the server that issued
/// it. Kept in an owner-only (0600) file.
public struct StoredSession: Sendable, Hashable, Codable {
  public var user: User
  /// `nil` when the credential is kept in a ``SessionCredentialStorage`` instead of the file.
  public var credential: Credential?
  /// The server that issued the session; `nil` in a file written before sessions named their
  /// server, which belongs to the server that reads that file.
  public var server: ServerOrigin?

  public init(user: User, credential: Credential?, server: ServerOrigin? = nil) {
    self.user = user
    self.credential = credential
    self.server = server
  }
}

/// Owns the signed-in session: the authorization middleware and its `TokenStore`, which
/// renews the credential once for every request, persisted so a session survives a restart: in an owner-only file, or with the
/// credential in a ``SessionCredentialStorage`` (the Keychain) and only the user in the file.
///
/// A refresh the authenticator judges final (the server rejected the refresh token) signs the
/// session out and clears what was saved; a transient failure keeps it.
///
/// A session belongs to one server. Give each server its own file (and credential storage): a
/// stored session that names another server is left as it is and not used.
///
/// ```swift
/// let session = await UserSession.open(
///   store: await FileStore.open(url: file, default: nil, protection: .ownerOnly), authenticator: authenticator)
/// client.middleware.append(session.authorization)
/// let user = try await session.signIn(username: "emilys", password: "emilyspass", using: auth)
/// ```
public final class UserSession: Sendable {
  /// Authorizes the session's requests; put it in the client's middleware.
  public let authorization: AuthorizationMiddleware
  /// Hands out and renews the credential: the authorization middleware's store.
  public var tokens: TokenStore { authorization.tokens }
  /// Why the credential storage could not be read at start, if it could not: the session
  /// opened signed out, and the file and the storage were left as they were for the next start.
  public let credentialProblem: (any Error)?
  /// The server this session belongs to; `nil` when the file is this server's alone.
  public let server: ServerOrigin?
  private let store: FileStore<StoredSession?>
  private let credentials: (any SessionCredentialStorage)?
  /// Whether the session file names a user whose credential could not be read.
  private let isCredentialMissing: Locked<Bool>
  /// Whether the session file holds another server's session, until someone signs in here.
  private let holdsForeignSession: Locked<Bool>

  private init(
    authorization: AuthorizationMiddleware, server: ServerOrigin?, store: FileStore<StoredSession?>,
    credentials: (any SessionCredentialStorage)?, credentialProblem: (any Error)?, isForeign: Bool
  ) {
    self.authorization = authorization
    self.server = server
    self.store = store
    self.credentials = credentials
    self.credentialProblem = credentialProblem
    isCredentialMissing = Locked(credentialProblem != nil)
    holdsForeignSession = Locked(isForeign)
  }

  /// Reads the credential storage and opens the session the session file holds, if any.
  ///
  /// - Parameters:
  ///   - store: The opened session file; use `.ownerOnly` protection.
  ///   - server: The server the session belongs to. A stored session that names another one is
  ///     not used (and not touched); one that names none is taken as this server's. `nil` when
  ///     the file serves one server only: whatever it holds is used.
  ///   - credentials: Where the credential is kept instead of the file; `nil` keeps it in the
  ///     file. A credential still in the file (saved before a storage was used) moves there.
  ///   - policy: When the credential is renewed and how often at most.
  ///   - now: The wall clock expiry dates are compared with.
  ///   - clock: The clock the refresh budget counts in.
  ///   - authenticator: Renews a credential (without needing one itself) and decides which
  ///     failed renewal ends the session.
  ///   - authorizes: Which requests carry the credential; the others go out untouched.
  ///   - inspector: Receives the token store's events, under the name "session".
  public static func open(
    store: FileStore<StoredSession?>, server: ServerOrigin? = nil,
    credentials: (any SessionCredentialStorage)? = nil, policy: TokenStore.Policy = .init(),
    now: @escaping @Sendable () -> Date = { Date() }, clock: some Clock<Duration> = ContinuousClock(),
    authenticator: some Authenticator, authorizes: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true },
    inspector: (any OwnerInspector)? = nil
  ) async -> UserSession {
    let loaded = store.value
    // Another server's session: its tokens are never sent here, nor deleted for this one.
    let isForeign = server != nil && loaded?.server.map { $0 != server } ?? false
    let stored = isForeign ? nil : loaded
    var credential = stored?.credential
    var problem: (any Error)?
    if let credentials, !isForeign {
      do {
        credential = try await storedCredential(of: stored, in: credentials, store: store)
      } catch {
        credential = nil
        problem = error
      }
    }
    let authorization = AuthorizationMiddleware(
      authenticator: authenticator, credential: credential, policy: policy, now: now, clock: clock,
      persist: { credential in persist(credential, in: store, credentials: credentials) }, name: "session",
      inspector: inspector, authorizes: authorizes)
    return UserSession(
      authorization: authorization, server: server, store: store, credentials: credentials, credentialProblem: problem,
      isForeign: isForeign)
  }

  /// The credential of `stored` when it is kept in `credentials`: one still in the file moves
  /// there; one left there without a session file (by an earlier installation) is deleted.
  private static func storedCredential(
    of stored: StoredSession?, in credentials: any SessionCredentialStorage, store: FileStore<StoredSession?>
  ) async throws -> Credential? {
    guard let stored else {
      // A file that could not be read is no proof that nobody is signed in. The clean-up is
      // best effort: a credential without a file is never used, and the next start tries again.
      if store.loadProblem == nil { try? credentials.save(nil) }
      return nil
    }
    if let inFile = stored.credential {
      try credentials.save(inFile)
      store.update { $0?.credential = nil }
      return inFile
    }
    guard let credential = try credentials.load() else {
      store.save(nil)  // the storage lost the credential: nobody is signed in any more
      return nil
    }
    return credential
  }

  /// Saves a renewed credential, or forgets the session when `credential` is `nil`.
  private static func persist(
    _ credential: Credential?, in store: FileStore<StoredSession?>, credentials: (any SessionCredentialStorage)?
  ) {
    guard let credentials else {
      if let credential { store.update { $0?.credential = credential } } else { store.save(nil) }
      return
    }
    // A renewed credential the storage refuses is kept in memory only: the session goes on,
    // and the next start renews the one saved before or asks for a sign-in.
    try? credentials.save(credential)
    if credential == nil { store.save(nil) }
  }

  /// The signed-in user as last known; synchronous.
  public var user: User? { isCredentialMissing.value || holdsForeignSession.value ? nil : store.value?.user }

  /// Whether someone is signed in.
  public var isSignedIn: Bool {
    get async { await tokens.isSignedIn }
  }

  /// What went wrong reading the session file at start, if anything.
  public var loadProblem: FileStoreError? { store.loadProblem }

  /// Signs in with `auth` and persists the session.
  ///
  /// - Throws: The login's error (invalid credentials are a `.rejected(status: 400)` failure),
  ///   or the credential storage's when it refuses the new credential; either way nobody is
  ///   signed in.
  @discardableResult
  public func signIn(username: String, password: String, using auth: any AuthService) async throws -> User {
    let signedIn = try await auth.login(username: username, password: password)
    if let credentials {
      try credentials.save(signedIn.credential)
      store.save(StoredSession(user: signedIn.user, credential: nil, server: server))
    } else {
      store.save(StoredSession(user: signedIn.user, credential: signedIn.credential, server: server))
    }
    isCredentialMissing.value = false
    holdsForeignSession.value = false
    await tokens.signIn(signedIn.credential)
    try await store.flush()
    return signedIn.user
  }

  /// Signs out and forgets the persisted session, then asks the server to end it too.
  ///
  /// The local sign-out never waits for the network: it happens first, and the server's part
  /// is best effort (a server that cannot be reached lets the token run out by itself).
  ///
  /// A sign-out that cannot be saved is not done: when the session file cannot be cleared (a
  /// read-only folder, a full disk) or the credential storage cannot delete the credential, the
  /// session would come back at the next start, so it stays signed in, here and on the server,
  /// and the error says why.
  ///
  /// - Parameter auth: Ends the session on the server; `nil` signs out locally only.
  /// - Throws: A `FileStore` error when the session file could not be cleared, or the
  ///   credential storage's when it could not delete the credential; the session is then still
  ///   signed in.
  public func signOut(endingOnServerWith auth: (any AuthService)? = nil) async throws {
    guard !holdsForeignSession.value else { return }  // nobody is signed in here; the file is not ours
    let stored = store.value
    let credential: Credential?
    if let credentials { credential = try? credentials.load() } else { credential = stored?.credential }
    await tokens.signOut()
    store.save(nil)
    do {
      try credentials?.save(nil)
      try await store.flush()
    } catch {
      // What was saved still holds the session: put memory back as the next start would find it.
      store.save(stored)
      if let credential, stored != nil {
        try? credentials?.save(credential)
        await tokens.signIn(credential)
      }
      throw error
    }
    isCredentialMissing.value = false
    if let auth, let credential { try? await auth.logout(credential) }
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
    await tokens.updates()
  }
}
