import CustodyHTTP
import Foundation
import Testing

@testable import StorefrontCLI

/// What the commands say: one failure in one wording whichever command meets it, a window of one
/// product, favourites named both ways, empty JSON arrays, and the help's promises.
@Suite(.timeLimit(.minutes(4)))
struct CommandWordingTests {
  static let unreachable = OfflineProductsTests.unreachable
  static let cannotReach =
    "storefront: Nothing answers at the server's address. Check that the server is running and the address is "
    + "right. (--server \(unreachable))\n"

  @Test func everyCommandWordsAnUnreachableServerTheSameWay() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["favorite", "3"]).status == 0)
    #expect(try await data.run(["login", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
    // A session with the unreachable server, as if it had been reachable when it was made.
    var session = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: data.url.appending(path: "session.json")))
        as? [String: Any])
    session["server"] = "http://127.0.0.1:9"
    try JSONSerialization.data(withJSONObject: session).write(
      to: data.url.appending(path: "session-http-127.0.0.1-9.json"))
    // And its favourites: each server has its own.
    try FileManager.default.copyItem(
      at: data.url.appending(path: "favorites.json"), to: data.url.appending(path: "favorites-http-127.0.0.1-9.json"))

    let commands = [
      ["products"], ["search", "phone"], ["product", "1"], ["categories"], ["favorites"], ["whoami"],
      ["edit", "1", "--title", "New"], ["stats"],
    ]
    for command in commands {
      let outcome = try await data.run(command, server: Self.unreachable)
      #expect(outcome.status == 1, "\(command)")
      #expect(outcome.error == Self.cannotReach, "\(command)")
    }
    let login = try await StorefrontBinary.run(
      ["--server", Self.unreachable, "login", "emilys", "--password-stdin", "--data-dir", data.path],
      input: "emilyspass\n")
    #expect(login.status == 1)
    #expect(login.error == Self.cannotReach)
  }

  @Test func aWindowOfOneProductSaysProduct() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["products", "--skip", "199"]).output.hasSuffix("\nProduct 200 of 200.\n"))
    #expect(try await data.run(["products", "--limit", "2"]).output.hasSuffix("\nProducts 1–2 of 200.\n"))
  }

  @Test func unmarkingAFavouriteNamesItAsMarkingDoes() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["favorite", "5"]).output == "Added 5 “iLumi Rose Swing” to your favourites.\n")
    #expect(try await data.run(["unfavorite", "5"]).output == "Removed 5 “iLumi Rose Swing” from your favourites.\n")
    #expect(try await data.run(["unfavorite", "5"]).output == "5 “iLumi Rose Swing” is not a favourite.\n")
    // A favourite of the server that cannot be reached now (each server has its own).
    try Data("[6]".utf8).write(to: data.url.appending(path: "favorites-http-127.0.0.1-9.json"))
    let offline = try await data.run(["unfavorite", "6"], server: Self.unreachable)
    #expect(offline.output == "Removed 6 from your favourites.\n", "named by its id when it cannot be read")
  }

  @Test func emptyJSONArraysReadAsEmpty() async throws {
    let data = try DataFolder()
    let favorites = try await data.run(["favorites", "--json"])
    #expect(favorites.output == "{\n  \"missing\" : [],\n  \"products\" : []\n}\n")
    let search = try await data.run(["search", "zzzzqq", "--json"])
    #expect(search.output.contains("\"products\" : [],"))
    #expect(
      JSONOutput.closingEmptyContainers("{\"a\" : \"[\\n  ]\", \"b\" : [\n\n  ], \"c\" : {\n}}")
        == "{\"a\" : \"[\\n  ]\", \"b\" : [], \"c\" : {}}")
  }

  @Test func theHelpGivesTheDataFolderTheExitStatusesAndTheRateLimit() async throws {
    let help = try await StorefrontBinary.run(["--help"])
    let text = help.output.replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("default $XDG_DATA_HOME/storefront"))
    #expect(text.contains("~/.local/share/storefront"))
    #expect(text.contains("--rate-limit N"))
    #expect(text.contains("1 the command failed"))
    #expect(text.contains("a wrong password, an unknown category"))

    let data = try DataFolder()
    let password = try await data.run(["login", "emilys", "--password-stdin"], input: "wrong\n")
    #expect(password.status == 1 && password.error == "storefront: Wrong username or password.\n")
    let category = try await data.run(["products", "--category", "nope"])
    #expect(category.status == 1 && category.error.hasPrefix("storefront: No category is called “nope”."))
    #expect(try await data.run(["products", "--rate-limit", "0"]).status == 2)
    #expect(try await data.run(["products", "--rate-limit", "1"], server: Self.unreachable).status == 2)
  }

  @Test func theRateLimitReachesTheEmbeddedBackend() async throws {
    var options = GlobalOptions()
    options.rateLimit = 2
    let folder = try DataFolder()
    let backend = try await Backend.make(options, dataDirectory: folder.url)
    var statuses: [Int] = []
    for _ in 0..<3 {
      let request = HTTPRequest(method: .get, url: Backend.embeddedURL.appending(path: "/products/1"))
      statuses.append(try await backend.transport.send(request).status)
    }
    #expect(statuses == [200, 200, 429])
  }
}
