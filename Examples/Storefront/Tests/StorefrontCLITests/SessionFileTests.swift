import Foundation
import Testing

/// What the session file holds after a run, whether the command succeeded or not.
@Suite(.timeLimit(.minutes(4)))
struct SessionFileTests {
  @Test func aSessionTheServerEndedIsForgottenEvenWhenTheCommandFails() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["login", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
    let sessionFile = data.url.appending(path: "session.json")
    let signedIn = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
    let credential = try #require(signedIn["credential"] as? [String: Any])
    let refreshToken = try #require(credential["refreshToken"] as? String)
    // The server forgets every session, as after a restart of the service: the access token is
    // refused and so is the refresh token.
    try Data("[]".utf8).write(to: data.url.appending(path: "embedded-backend.json"))

    let ended = try await data.run(["whoami"])
    #expect(ended.status == 1)
    #expect(ended.error == "storefront: Your session has ended. Sign in again.\n")
    let kept = (try? String(contentsOf: sessionFile, encoding: .utf8)) ?? ""
    #expect(!kept.contains(refreshToken), "the session file forgot the ended session")

    let next = try await data.run(["whoami"])
    #expect(next.status == 1)
    #expect(next.error.contains("Not signed in."))
  }
}
