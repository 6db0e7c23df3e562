import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// A session whose credential lives in a credential storage (the Keychain on Apple platforms):
/// the tokens never reach the session file, survive a restart, follow every renewal, go with
/// sign-out, and a storage that fails loses nothing.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CredentialStorageTests {
  /// A storage in memory, like a Keychain item, that can be made to refuse reads or writes.
  final class MemoryStorage: SessionCredentialStorage {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "The Keychain is locked." }
    }

    let saved = LockedState<Credential?>(nil)
    let refusesReads = LockedState(false)
    let refusesWrites = LockedState(false)

    func load() throws -> Credential? {
      if refusesReads.withLock({ $0 }) { throw Refused() }
      return saved.withLock { $0 }
    }

    func save(_ credential: Credential?) throws {
      if refusesWrites.withLock({ $0 }) { throw Refused() }
      saved.withLock { $0 = credential }
    }
  }

  let folder = TestBed.newFolder()
  let storage = MemoryStorage()
  let wallClock = LockedState(Date(timeIntervalSince1970: 1_750_000_000))
  let backend: EmbeddedBackend

  init() throws {
    let wallClock = wallClock
    backend = try EmbeddedBackend(
      configuration: EmbeddedBackend.Configuration(productCount: 10, tokenLifetime: .seconds(60)), clock: TestClock(),
      now: { wallClock.withLock { $0 } })
  }

  /// The environment the app opens at start, with the storage, or without it as before.
  func open(withStorage: Bool = true) async throws -> StorefrontEnvironment {
    let wallClock = wallClock
    var configuration = StorefrontConfiguration(
      baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: folder, pageSize: 10,
      logoutPath: "/auth/logout", retry: nil, now: { wallClock.withLock { $0 } }, clock: TestClock())
    if withStorage { configuration.credentialStorage = { [storage] _ in storage } }
    return try await StorefrontEnvironment.open(configuration)
  }

  func signIn(_ environment: StorefrontEnvironment) async throws -> SessionViewModel {
    let account = SessionViewModel(environment: environment)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password
    try #require(await account.signIn())
    try await environment.session.flush()
    return account
  }

  var sessionFile: String {
    get throws { try String(contentsOf: folder.appending(path: "session.json"), encoding: .utf8) }
  }

  @Test func theTokensStayOutOfTheSessionFileAndTheSessionSurvivesARestart() async throws {
    let first = try await open()
    _ = try await signIn(first)
    let saved = try #require(storage.saved.withLock { $0 })
    #expect(try !sessionFile.contains(saved.accessToken))
    #expect(try !sessionFile.contains(try #require(saved.refreshToken)))
    #expect(try sessionFile.contains(EmbeddedBackend.demoAccount.username), "the file still says who is signed in")

    let restarted = try await open()
    let account = SessionViewModel(environment: restarted)
    #expect(account.user?.username == EmbeddedBackend.demoAccount.username)
    await account.whoAmI()
    #expect(account.message == nil, "the saved credential works after the restart")
    #expect(restarted.loadProblems.isEmpty)
  }

  @Test func aRenewedCredentialReplacesTheSavedOne() async throws {
    let environment = try await open()
    let account = try await signIn(environment)
    let before = try #require(storage.saved.withLock { $0 })
    wallClock.withLock { $0 += 120 }  // the access token has expired

    await account.whoAmI()

    #expect(account.message == nil)
    #expect(backend.refreshCount == 1)
    let after = try #require(storage.saved.withLock { $0 })
    #expect(after.accessToken != before.accessToken, "the renewed token is what the next start reads")
    #expect(try !sessionFile.contains(after.accessToken))
  }

  @Test func signingOutDeletesTheSavedCredential() async throws {
    let environment = try await open()
    let account = try await signIn(environment)

    await account.signOut()

    #expect(account.message == nil && account.user == nil)
    #expect(storage.saved.withLock { $0 } == nil)
    #expect(backend.requestCount(path: "/auth/logout") == 1, "the server is told with the saved credential")
    let restarted = SessionViewModel(environment: try await open())
    #expect(restarted.user == nil)
  }

  @Test func aSessionSavedBeforeTheStorageMovesItsCredentialThere() async throws {
    let before = try await open(withStorage: false)
    _ = try await signIn(before)
    let inFile = try #require(
      try JSONDecoder().decode(StoredSession.self, from: Data(sessionFile.utf8)).credential,
      "without a storage the file holds the credential")

    let after = try await open()
    try await after.session.flush()

    #expect(storage.saved.withLock { $0 } == inFile)
    #expect(try !sessionFile.contains(inFile.accessToken), "the file no longer holds the tokens")
    let account = SessionViewModel(environment: after)
    await account.whoAmI()
    #expect(account.user?.username == EmbeddedBackend.demoAccount.username && account.message == nil)
  }

  @Test func aStorageThatCannotBeReadOpensSignedOutAndLosesNothing() async throws {
    _ = try await signIn(try await open())
    let saved = storage.saved.withLock { $0 }
    storage.refusesReads.withLock { $0 = true }

    let locked = try await open()

    #expect(locked.loadProblems == ["The Keychain is locked."])
    #expect(SessionViewModel(environment: locked).user == nil, "nobody is shown signed in without a credential")
    #expect(await !locked.session.isSignedIn)
    #expect(storage.saved.withLock { $0 } == saved, "the credential is kept")
    #expect(try sessionFile.contains(EmbeddedBackend.demoAccount.username), "the file is kept")

    storage.refusesReads.withLock { $0 = false }
    let unlocked = SessionViewModel(environment: try await open())
    #expect(unlocked.user?.username == EmbeddedBackend.demoAccount.username, "the next start finds the session")
  }

  @Test func aCredentialWithoutASessionFileIsDeleted() async throws {
    let left = Credential(accessToken: "an earlier installation's", refreshToken: "its refresh", expiresAt: nil)
    storage.saved.withLock { $0 = left }

    let environment = try await open()

    #expect(storage.saved.withLock { $0 } == nil)
    #expect(await !environment.session.isSignedIn)
  }

  @Test func aDamagedSessionFileLeavesTheCredentialAlone() async throws {
    _ = try await signIn(try await open())
    let saved = storage.saved.withLock { $0 }
    try Data("{\"user\": ".utf8).write(to: folder.appending(path: "session.json"))

    let environment = try await open()

    #expect(environment.loadProblems.count == 1 && environment.loadProblems[0].contains("is damaged"))
    #expect(storage.saved.withLock { $0 } == saved, "a file that cannot be read does not prove nobody signed in")
    #expect(await !environment.session.isSignedIn)
  }

  @Test func aSignInTheStorageRefusesFailsAndSignsNobodyIn() async throws {
    let environment = try await open()
    storage.refusesWrites.withLock { $0 = true }
    let account = SessionViewModel(environment: environment)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password

    #expect(await !account.signIn())

    #expect(account.user == nil)
    #expect(account.message != nil)
    #expect(await !environment.session.isSignedIn)
    try await environment.session.flush()
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "session.json").path))
  }
}
