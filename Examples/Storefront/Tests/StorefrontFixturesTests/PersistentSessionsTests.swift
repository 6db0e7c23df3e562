import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

/// Sessions kept in a file outlive the backend, as the command line needs between runs.
@Suite(.timeLimit(.minutes(1)))
final class PersistentSessionsTests {
  let folder = FileManager.default.temporaryDirectory.appending(path: "persistent-sessions-\(UUID().uuidString)")
  var file: URL { folder.appending(path: "embedded-backend.json") }

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// A new run: a new backend on the same wall clock, with the sessions of the file.
  private func run(_ server: Server) async throws -> EmbeddedBackend.PersistentSessions {
    await EmbeddedBackend.PersistentSessions.open(server.backend, file: file)
  }

  private func send(
    _ transport: EmbeddedBackend.PersistentSessions, _ method: HTTPMethod, _ path: String, json: String? = nil,
    token: String? = nil
  ) async throws -> HTTPResponse {
    var headers: HTTPHeaders = json == nil ? [:] : ["Content-Type": "application/json"]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    return try await transport.send(
      HTTPRequest(
        method: method, url: URL(string: "http://storefront.embedded\(path)")!, headers: headers,
        body: json.map { Data($0.utf8) }))
  }

  private func login(_ transport: EmbeddedBackend.PersistentSessions) async throws -> SessionBody {
    try await send(transport, .post, "/auth/login", json: #"{"username":"emilys","password":"emilyspass"}"#)
      .decoded()
  }

  @Test func aSessionOfAnEarlierRunStillWorksAndRenews() async throws {
    let first = try await run(Server())
    let session = try await login(first)
    try await first.flush()

    let second = try await run(Server())
    let me = try await send(second, .get, "/auth/me", token: session.accessToken)
    let renewal = try await send(
      second, .post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)"}"#)

    #expect(me.status == 200 && me.object["username"] as? String == "emilys")
    #expect(renewal.status == 200)
  }

  @Test func aSessionEndedByLogoutStaysEndedInALaterRun() async throws {
    let first = try await run(Server())
    let session = try await login(first)
    _ = try await send(first, .post, "/auth/logout", token: session.accessToken)
    try await first.flush()

    let second = try await run(Server())
    let me = try await send(second, .get, "/auth/me", token: session.accessToken)
    let renewal = try await send(
      second, .post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)"}"#)

    #expect(me.status == 401 && me.message == "Invalid/Expired Token!")
    #expect(renewal.status == 403)
  }

  @Test func aFileWrittenBeforeSessionsCouldEndIsStillRead() async throws {
    let server = try Server()
    let now = server.wallClock.now.timeIntervalSinceReferenceDate
    let saved =
      #"[{"userID":1,"accessToken":"old-access","accessExpiresAt":\#(now + 600),"#
      + #""refreshToken":"old-refresh","refreshExpiresAt":\#(now + 6_000)}]"#
    try Data(saved.utf8).write(to: file)

    let transport = try await run(server)

    #expect(transport.loadProblem == nil)
    #expect(try await send(transport, .get, "/auth/me", token: "old-access").status == 200)
  }
}
