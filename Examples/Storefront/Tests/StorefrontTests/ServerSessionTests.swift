import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontFixtures
import Testing

/// One data folder, several servers: each server's session is kept apart, its credential in a
/// storage of its own, and used with that server alone.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct ServerSessionTests {
  let folder = TestBed.newFolder()
  let backend: EmbeddedBackend
  /// The credential storage of each server, as a Keychain item per server would be.
  let storages = LockedState<[ServerOrigin: CredentialStorageTests.MemoryStorage]>([:])

  init() throws {
    backend = try EmbeddedBackend(configuration: EmbeddedBackend.Configuration(productCount: 10))
  }

  /// The app's environment with `baseURL` as its address; every request reaches the backend.
  func open(_ baseURL: String) async throws -> StorefrontEnvironment {
    var configuration = StorefrontConfiguration(
      baseURL: URL(string: baseURL)!, transport: backend, dataDirectory: folder, retry: nil, clock: TestClock())
    configuration.defaultServer = ServerOrigin(URL(string: "https://shop.example")!)
    let storages = storages
    configuration.credentialStorage = { server in
      storages.withLock { storages in
        if let storage = storages[server] { return storage }
        let storage = CredentialStorageTests.MemoryStorage()
        storages[server] = storage
        return storage
      }
    }
    return try await StorefrontEnvironment.open(configuration)
  }

  @Test func anOriginIsSchemeHostAndPort() {
    let origin = ServerOrigin(URL(string: "HTTPS://Shop.Example/api/products?limit=1")!)
    #expect(origin.description == "https://shop.example:443")
    #expect(origin == ServerOrigin(URL(string: "https://shop.example:443")!))
    #expect(origin != ServerOrigin(URL(string: "http://shop.example")!))
    #expect(origin != ServerOrigin(URL(string: "https://shop.example:8443")!))
    #expect(ServerOrigin(URL(string: "http://[::1]:8080")!).description == "http://[::1]:8080")
    #expect(ServerOrigin(named: "embedded").description == "embedded")
  }

  @Test func theProductsOneServerSentAreKeptForItAlone() async throws {
    let shop = try await open("https://shop.example")
    let lamp = try await shop.repository.product(id: 1)
    try await shop.repository.flush()

    let elsewhere = try await open("https://elsewhere.example")
    #expect(elsewhere.repository.cachedProduct(id: 1) == nil, "another server's product is never shown")
    _ = try await elsewhere.repository.product(id: 2)
    try await elsewhere.repository.flush()

    let again = try await open("https://shop.example")
    #expect(again.repository.cachedProduct(id: 1) == lamp, "kept across starts for its own server")
    #expect(again.repository.cachedProduct(id: 2) == nil, "and only its own")
  }

  @Test func eachServerHasItsOwnCredentialStorageAndFile() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let shop = try await open("https://shop.example")
    let account = SessionViewModel(environment: shop)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password
    try #require(await account.signIn())
    try await shop.session.flush()

    let staging = try await open("http://staging.example:8080")
    #expect(staging.session.user == nil, "no session with this server")
    #expect(await !staging.session.isSignedIn)
    let shopStorage = try #require(storages.withLock { $0[ServerOrigin(URL(string: "https://shop.example")!)] })
    let stagingStorage = try #require(
      storages.withLock { $0[ServerOrigin(URL(string: "http://staging.example:8080")!)] })
    #expect(try shopStorage.load() != nil, "the shop's credential, in the shop's item")
    #expect(try stagingStorage.load() == nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.contains("session.json"), "the default server's file")

    let reopened = try await open("https://shop.example")
    #expect(reopened.session.user?.username == EmbeddedBackend.demoAccount.username)
    #expect(await reopened.session.isSignedIn)
  }

  @Test func aFileThatNamesAnotherServerIsLeftAlone() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "session.json")
    let foreign = StoredSession(
      user: User(id: 1, username: "emilys"),
      credential: Credential(accessToken: "elsewhere", refreshToken: "elsewhere-refresh", expiresAt: nil),
      server: ServerOrigin(URL(string: "https://elsewhere.example")!))
    try JSONEncoder().encode(foreign).write(to: file)

    let shop = try await open("https://shop.example")
    #expect(shop.session.user == nil)
    #expect(await !shop.session.isSignedIn)
    try await shop.session.signOut(endingOnServerWith: shop.auth)
    #expect(backend.statistics.requests == 0, "the other server's token was sent nowhere")
    #expect(try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: file)) == foreign)
  }
}
