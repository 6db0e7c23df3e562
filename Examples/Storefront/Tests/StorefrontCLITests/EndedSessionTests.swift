import Foundation
import Testing

/// A stored session the server no longer accepts does not break the public catalog: each
/// listing is sent again without the session and succeeds, and the session's end is said once.
@Suite(.timeLimit(.minutes(4)))
struct EndedSessionTests {
  static let endedWarning =
    "storefront: warning: Your session has ended, so this ran signed out. "
    + "Sign in again with `storefront login USERNAME`.\n"

  /// Signs in on the embedded backend, then makes the backend forget every session, as after a
  /// restart of the service: the access token and its refresh token are both refused.
  static func endedSession() async throws -> DataFolder {
    let data = try DataFolder()
    #expect(try await data.run(["login", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
    try Data("[]".utf8).write(to: data.url.appending(path: "embedded-backend.json"))
    return data
  }

  @Test func theCatalogListsWithoutTheEndedSessionAndSaysSoOnce() async throws {
    let data = try await Self.endedSession()

    let products = try await data.run(["products", "--limit", "2"])
    #expect(products.status == 0, "\(products.error)")
    #expect(products.output.contains("Products 1–2 of 200."))
    #expect(products.error == Self.endedWarning)

    let next = try await data.run(["search", "phone"])
    #expect(next.status == 0 && next.error.isEmpty, "said once: the session was forgotten")
    #expect(try await data.run(["whoami"]).error.contains("Not signed in."))
  }

  @Test func aCommandThatNeedsTheSessionSaysItsEndOnlyInItsError() async throws {
    let data = try await Self.endedSession()
    let whoami = try await data.run(["whoami"])
    #expect(whoami.status == 1)
    #expect(whoami.error == "storefront: Your session has ended. Sign in again.\n")
  }

  @Test func aServerThatRefusesTheSessionServesThePublicRoutesWithoutIt() async throws {
    let data = try DataFolder()
    // Signs anyone in; refuses every protected route and every renewal; lists publicly.
    let server = try RecordingServer { request in
      switch request.path {
      case "/auth/login":
        (200, #"{"id": 7, "username": "other", "accessToken": "access", "refreshToken": "refresh"}"#)
      case "/auth/refresh": (403, #"{"message": "Invalid refresh token"}"#)
      case let path where path.hasPrefix("/auth/"): (401, #"{"message": "Token Expired!"}"#)
      default:
        (
          200,
          #"{"products": [{"id": 1, "title": "Lamp", "category": "lighting", "price": 10, "rating": 4}], "#
            + #""total": 1, "skip": 0, "limit": 1}"#
        )
      }
    }
    defer { server.stop() }
    let login = try await StorefrontBinary.run(
      ["--server", server.url, "login", "other", "--password-stdin", "--data-dir", data.path], input: "secret\n")
    #expect(login.status == 0, "\(login.error)")

    let products = try await data.run(["products", "--limit", "1"], server: server.url)
    #expect(products.status == 0, "\(products.error)")
    #expect(products.output.contains("Lamp"))
    #expect(products.error == Self.endedWarning)
    let listings = server.requests.filter { $0.path.hasPrefix("/products") }
    #expect(listings.count == 1)
    #expect(listings.allSatisfy { $0.headers["authorization"] == nil }, "the public route went without the session")
  }
}
