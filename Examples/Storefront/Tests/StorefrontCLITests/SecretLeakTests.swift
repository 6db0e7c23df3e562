import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import StorefrontCLI
import StorefrontFixtures
import Testing

/// T5 over whole sessions: the password and every access and refresh token the server issued
/// appear nowhere but in the owner-only files (not in the inspector's panel, its events,
/// `stats --json` or `demo --inspect` either); a token stops working after logout.
///
/// Covered elsewhere, not repeated here: `Authorization` is dropped on a redirect to another
/// host (CustodyHTTPTests `HTTPBinRedirectTests` against 127.0.0.2, `RedirectAndRetryAfterTests`);
/// the embedded backend refuses revoked, unknown and expired tokens (StorefrontFixturesTests
/// `AuthTests`).
@Suite(.timeLimit(.minutes(3)))
struct SecretLeakTests {
  static let password = EmbeddedBackend.demoAccount.password
  static let wrongPassword = "wrong-\(UUID().uuidString)"

  /// login, whoami, products, favourites, a refresh after the access token expired, logout,
  /// a failed login: stdout and stderr of every run are scanned for the secrets.
  @Test func aCommandLineSessionNeverPrintsASecret() async throws {
    let parent = try DataFolder()
    let run = CommandLineSession(dataDirectory: parent.url.appending(path: "data"))

    try await run.expect(0, ["login", "emilys", "--password-stdin"], input: Self.password + "\n")
    #expect(try run.permissions(of: nil) == 0o700, "the data folder storefront creates")
    #expect(try run.permissions(of: "session.json") == 0o600)
    #expect(try run.permissions(of: "embedded-backend.json") == 0o600)
    var secrets = try run.tokens()
    for arguments in [
      ["whoami"], ["whoami", "--json"], ["products", "--limit", "3"], ["products", "--limit", "3", "--json"],
      ["product", "3", "--json"], ["favorite", "3"], ["favorites", "--json"], ["search", "phone", "--json"],
      ["stats"], ["stats", "--json"], ["demo", "--inspect"],
    ] {
      try await run.expect(0, arguments)
    }

    // The server's record of the access token says it has expired: the next command refreshes.
    try run.expireAccessTokenOnTheServer()
    try await run.expect(0, ["whoami", "--json"])
    let refreshed = try run.tokens()
    #expect(refreshed.isDisjoint(with: secrets), "the refresh issued new tokens")
    secrets.formUnion(refreshed)
    try await run.expect(0, ["whoami"])
    #expect(try run.permissions(of: "session.json") == 0o600, "still owner-only after the refresh")

    // A copy of the session file taken before logout is worthless after it.
    let copied = try Data(contentsOf: run.file("session.json"))
    try await run.expect(0, ["logout"])
    try copied.write(to: run.file("session.json"))
    let replayed = try await run.expect(1, ["whoami"])
    #expect(replayed.error == "storefront: Your session has ended. Sign in again.\n")

    let failed = try await run.expect(1, ["login", "emilys", "--password-stdin"], input: Self.wrongPassword + "\n")
    #expect(failed.error == "storefront: Wrong username or password.\n")

    #expect(secrets.count == 4, "two access and two refresh tokens")
    for secret in secrets.union([Self.password, Self.wrongPassword]) {
      for (index, outcome) in run.outcomes.enumerated() {
        // As printed, and as a terminal shows it: a secret split by colour sequences still leaks.
        for output in [outcome.output, Self.withoutEscapes(outcome.output)] {
          #expect(!output.contains(secret), "run \(index) (\(run.arguments[index])) printed a secret")
        }
        for error in [outcome.error, Self.withoutEscapes(outcome.error)] {
          #expect(!error.contains(secret), "run \(index) (\(run.arguments[index])) printed a secret on stderr")
        }
      }
    }
    for name in try run.files() where !["session.json", "embedded-backend.json"].contains(name) {
      let text = String(decoding: try Data(contentsOf: run.file(name)), as: UTF8.self)
      #expect(secrets.allSatisfy { !text.contains($0) }, "\(name) is not owner-only and must hold no token")
    }
  }

  /// The app's HTTP log, its errors and its descriptions during a session with an expired
  /// token, a sign-out and a failed sign-in hold no secret; the tokens stop working after
  /// sign-out.
  @Test @MainActor func anAppSessionLogsNoSecret() async throws {
    let wallClock = LockedState(Date(timeIntervalSince1970: 1_750_000_000))
    let now: @Sendable () -> Date = { wallClock.withLock { $0 } }
    let backend = try EmbeddedBackend(
      configuration: EmbeddedBackend.Configuration(productCount: 40, tokenLifetime: .seconds(60)), clock: TestClock(),
      now: now)
    let log = LockedState<[String]>([])
    let parent = try DataFolder()
    let folder = parent.url.appending(path: "data")
    var configuration = StorefrontConfiguration(
      baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: folder, pageSize: 10,
      logoutPath: "/auth/logout", retry: nil, log: { record in log.withLock { $0.append("\(record)") } }, now: now,
      clock: TestClock())
    let inspection = InspectorFeed(logLimit: 10_000)
    configuration.inspector = inspection.inspector
    let environment = try await StorefrontEnvironment.open(configuration)
    var emitted: [String] = []

    let account = SessionViewModel(environment: environment)
    account.username = "emilys"
    account.password = Self.password
    #expect(await account.signIn())
    let stored = try Self.storedSession(in: folder)
    let storedCredential = try #require(stored.credential, "the file keeps the credential on Linux")
    var secrets: Set<String> = [storedCredential.accessToken, storedCredential.refreshToken ?? ""]
    #expect(try Self.permissions(of: folder) == 0o700)
    #expect(try Self.permissions(of: folder.appending(path: "session.json")) == 0o600)
    emitted += ["\(stored)", String(reflecting: stored), Self.dumped(stored)]

    await account.whoAmI()
    let catalog = CatalogViewModel(environment: environment)
    await catalog.start()
    try await environment.favorites.setFavorite(true, for: 3)
    wallClock.withLock { $0 += 120 }  // the access token has expired
    await catalog.loadMore()
    await account.whoAmI()
    #expect(account.user?.username == "emilys")
    #expect(backend.refreshCount == 1)
    try await environment.session.flush()
    let refreshed = try #require(try Self.storedSession(in: folder).credential)
    secrets.formUnion([refreshed.accessToken, refreshed.refreshToken ?? ""])
    emitted += ["\(refreshed)", String(reflecting: refreshed), Self.dumped(refreshed)]
    emitted += ["\(await environment.session.tokens.session)"]

    await account.signOut()
    emitted += [account.message ?? ""]
    for token in [storedCredential.accessToken, refreshed.accessToken] {
      let me = try await backend.send(Self.request("auth/me", token: token))
      #expect(me.status == 401, "an access token works after sign-out")
    }
    let renewal = try await backend.send(
      Self.request("auth/refresh", body: ["refreshToken": refreshed.refreshToken ?? ""]))
    #expect(renewal.status == 403, "a refresh token works after sign-out")

    account.password = Self.wrongPassword
    #expect(await account.signIn() == false)
    emitted += [account.message ?? ""]
    do {
      _ = try await environment.auth.login(username: "emilys", password: Self.wrongPassword)
      Issue.record("a wrong password signed in")
    } catch {
      emitted += ["\(error)", String(reflecting: error), FailureCopy.message(for: error) ?? ""]
    }

    // What the inspector shows: the panel, every event logged, and the counters as `stats --json`.
    let snapshot = inspection.statistics.snapshot()
    let panel = InspectorPanel(snapshot, logLimit: 10_000)
    emitted += InspectorPanelRenderer.lines(panel, width: 200, height: 10_100, style: .plain)
    emitted += snapshot.recentEvents.map { "\($0) \(String(reflecting: $0.event))" }
    emitted.append(await JSONOutput.encode(JSONOutput.Stats(owners: panel.owners, steps: [])))
    #expect(panel.owners.contains { $0.name == "catalog feed" } && panel.log.count > 10)

    let lines = log.withLock { $0 }
    #expect(lines.count >= 16, "every request and every answer was logged")
    #expect(lines.contains { $0.contains("/auth/refresh") } && lines.contains { $0.contains("/auth/logout") })
    #expect(secrets.count == 4 && !secrets.contains(""))
    for secret in secrets.union([Self.password, Self.wrongPassword]) {
      for line in lines + emitted { #expect(!line.contains(secret), "a secret in: \(line.prefix(300))") }
    }
  }

  /// `text` without escape sequences: CSI (colours, cursor moves), OSC (titles, links) and
  /// two-byte ones.
  static func withoutEscapes(_ text: String) -> String {
    text.replacing(/\x1B\[[0-?]*[ -\/]*[@-~]/, with: "")
      .replacing(/\x1B\][^\x07\x1B]*(\x07|\x1B\\)?/, with: "")
      .replacing(/\x1B[@-_]/, with: "")
  }

  @Test func escapeFilteringFindsASecretSplitByColours() {
    let split = "tok\u{1B}[1men\u{1B}[0m-\u{1B}]8;;x\u{07}42\u{1B}[2J"
    #expect(Self.withoutEscapes(split) == "token-42")
  }

  private static func storedSession(in folder: URL) throws -> StoredSession {
    try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: folder.appending(path: "session.json")))
  }

  private static func permissions(of url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  private static func dumped(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
  }

  private static func request(_ path: String, token: String? = nil, body: [String: String]? = nil) -> HTTPRequest {
    var request = HTTPRequest(
      method: body == nil ? .get : .post, url: URL(string: "http://storefront.embedded")!.appending(path: path),
      body: try? body.map { try JSONEncoder().encode($0) })
    if let token { request.headers["Authorization"] = "Bearer \(token)" }
    return request
  }
}

/// Runs `storefront` commands against one data folder and keeps everything they printed.
final class CommandLineSession {
  let dataDirectory: URL
  private(set) var arguments: [[String]] = []
  private(set) var outcomes: [StorefrontBinary.Outcome] = []

  init(dataDirectory: URL) {
    self.dataDirectory = dataDirectory
  }

  /// Runs `storefront` with the arguments and expects `status`.
  @discardableResult
  func expect(
    _ status: Int32, _ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> StorefrontBinary.Outcome {
    let outcome = try await StorefrontBinary.run(
      arguments + ["--data-dir", dataDirectory.path, "--latency", "0", "--token-lifetime", "60"], input: input)
    self.arguments.append(arguments)
    outcomes.append(outcome)
    #expect(outcome.status == status, "\(arguments): \(outcome.error)", sourceLocation: sourceLocation)
    return outcome
  }

  func file(_ name: String) -> URL { dataDirectory.appending(path: name) }

  func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path) }

  /// The permission bits of a file in the data folder, or of the folder itself.
  func permissions(of name: String?) throws -> Int {
    let path = name.map { file($0).path } ?? dataDirectory.path
    return (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// The access and refresh tokens of the session file (0600), as a thief of it would read them.
  func tokens() throws -> Set<String> {
    let session = try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: file("session.json")))
    let credential = try #require(session.credential, "on Linux the file holds the credential")
    return Set([credential.accessToken, credential.refreshToken].compactMap { $0 })
  }

  /// Moves the embedded backend's expiry of the access token into the past.
  func expireAccessTokenOnTheServer() throws {
    let url = file("embedded-backend.json")
    var sessions = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
    for index in sessions.indices {
      sessions[index]["accessExpiresAt"] = Date().addingTimeInterval(-60).timeIntervalSinceReferenceDate
    }
    try JSONSerialization.data(withJSONObject: sessions).write(to: url)
  }
}
