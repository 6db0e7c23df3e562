import Foundation
import Testing

/// A session belongs to the server that issued it: it is sent to no other server, and another
/// server's refusal never ends it.
@Suite(.timeLimit(.minutes(4)))
struct SessionPerServerTests {
  static let signIn = ["login", "emilys", "--password-stdin"]

  /// Refuses everything with 401, as a server that does not know the session would.
  static func refusingServer() throws -> RecordingServer {
    try RecordingServer { _ in (401, #"{"message": "Invalid/Expired Token!"}"#) }
  }

  @Test func theEmbeddedSessionIsNeverSentToAnotherServer() async throws {
    let data = try DataFolder()
    #expect(try await data.run(Self.signIn, input: "emilyspass\n").status == 0)
    let server = try Self.refusingServer()
    defer { server.stop() }

    let whoami = try await data.run(["whoami"], server: server.url)
    #expect(whoami.status == 1)
    #expect(whoami.error.contains("Not signed in."), "no session with that server")
    _ = try await data.run(["products", "--limit", "2"], server: server.url)
    _ = try await data.run(["logout"], server: server.url)

    for request in server.requests {
      #expect(request.headers["authorization"] == nil, "\(request.method) \(request.path) carried a credential")
      #expect(!request.path.hasPrefix("/auth/"), "\(request.method) \(request.path) reached a protected route")
    }
    let embedded = try await data.run(["whoami"])
    #expect(embedded.status == 0, "\(embedded.error)")
    #expect(embedded.output.hasPrefix("Emily Johnson (emilys)"))
  }

  @Test func eachServerKeepsItsOwnSessionAndARefusalEndsOnlyThatOne() async throws {
    let data = try DataFolder()
    #expect(try await data.run(Self.signIn, input: "emilyspass\n").status == 0)
    let embeddedSession = try String(contentsOf: data.url.appending(path: "session.json"), encoding: .utf8)
    // Signs anyone in with its own tokens, then refuses them and their renewal.
    let server = try RecordingServer { request in
      request.path == "/auth/login"
        ? (200, #"{"id": 7, "username": "other", "accessToken": "other-access", "refreshToken": "other-refresh"}"#)
        : (401, #"{"message": "Token Expired!"}"#)
    }
    defer { server.stop() }

    let login = try await StorefrontBinary.run(
      ["--server", server.url] + Self.signIn + ["--data-dir", data.path], input: "secret\n")
    #expect(login.status == 0, "\(login.error)")
    #expect(login.output == "Signed in as other (other).\n")
    let ended = try await data.run(["whoami"], server: server.url)
    #expect(ended.status == 1)
    #expect(ended.error == "storefront: Your session has ended. Sign in again.\n")

    let sent = server.requests.map { "\($0.headers) \($0.body)" }.joined(separator: "\n")
    #expect(sent.contains("Bearer other-access") && sent.contains("other-refresh"), "its own session, renewed once")
    let embeddedToken = try #require(embeddedSession.firstMatch(of: /"accessToken" *: *"([^"]+)"/)?.1)
    #expect(!sent.contains(embeddedToken), "the embedded backend's token never reached it")
    let embedded = try await data.run(["whoami"])
    #expect(embedded.status == 0, "\(embedded.error)")
    #expect(embedded.output.hasPrefix("Emily Johnson (emilys)"))
    let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
    #expect(files.contains { $0.hasPrefix("session-http-127.0.0.1-") }, "that server's own file: \(files)")
  }

  @Test func aSessionFileFromBeforeServersWereRecordedStaysTheEmbeddedBackends() async throws {
    let data = try DataFolder()
    #expect(try await data.run(Self.signIn, input: "emilyspass\n").status == 0)
    let file = data.url.appending(path: "session.json")
    var session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(session["server"] as? String == "embedded")
    session["server"] = nil
    try JSONSerialization.data(withJSONObject: session).write(to: file)
    let server = try Self.refusingServer()
    defer { server.stop() }

    #expect(try await data.run(["whoami"], server: server.url).error.contains("Not signed in."))
    let embedded = try await data.run(["whoami"])
    #expect(embedded.status == 0, "\(embedded.error)")
    #expect(server.requests.allSatisfy { $0.headers["authorization"] == nil })
  }

  @Test func aSessionFileNamingAnotherServerIsNotUsed() async throws {
    let data = try DataFolder()
    #expect(try await data.run(Self.signIn, input: "emilyspass\n").status == 0)
    let server = try Self.refusingServer()
    defer { server.stop() }
    // The embedded backend's session, copied under the name of that server's file.
    let port = try #require(server.url.split(separator: ":").last)
    try FileManager.default.copyItem(
      at: data.url.appending(path: "session.json"), to: data.url.appending(path: "session-http-127.0.0.1-\(port).json"))

    let whoami = try await data.run(["whoami"], server: server.url)
    #expect(whoami.error.contains("Not signed in."))
    #expect(server.requests.isEmpty, "nothing was sent: \(server.requests)")
  }
}
