import Foundation
import TestSupport
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

  #if os(Linux)
    /// A sign-out that cannot be saved is not reported as done: the session would come back.
    @Test(.enabled(if: TemporaryMount.isAvailable, "needs permission to mount a tmpfs"))
    func logoutOnAReadOnlyFolderFailsAndKeepsTheSession() async throws {
      let mount = try TemporaryMount(kilobytes: 4_096)
      let data = DataFolder(at: mount.url)
      #expect(try await data.run(["login", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
      try mount.makeReadOnly()

      let logout = try await data.run(["logout"])
      #expect(logout.status == 1, "\(logout)")
      #expect(logout.output.isEmpty)
      #expect(logout.error.hasPrefix("storefront: Still signed in:"), "\(logout.error)")
      #expect(logout.error.contains("(Read-only file system)"), "the system's reason, in its words")
      let whoami = try await data.run(["whoami"])
      #expect(whoami.status == 0, "\(whoami.error)")
      #expect(whoami.output.hasPrefix("Emily Johnson (emilys)"))
    }
  #endif
}
