import Foundation
import Testing

/// The built `storefront` binary, run as a script would run it: output, JSON and exit codes.
@Suite(.timeLimit(.minutes(4)))
struct IntegrationTests {
  @Test func helpAndVersionExitZero() async throws {
    let help = try await StorefrontBinary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("Usage: storefront [OPTIONS] [COMMAND] [ARGUMENTS]"))
    for command in ["products", "search", "product", "categories", "login", "whoami", "favorites", "edit", "demo"] {
      #expect(help.output.contains("  \(command) "))
      let commandHelp = try await StorefrontBinary.run([command, "--help"])
      #expect(commandHelp.status == 0)
      #expect(commandHelp.output.contains("Usage: storefront \(command)"))
    }
    #expect(try await StorefrontBinary.run(["edit", "--help"]).output.contains("only while one process runs"))
    #expect(try await StorefrontBinary.run(["help", "json"]).output.contains("\"isFavorite\""))
    let version = try await StorefrontBinary.run(["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("storefront "))
  }

  @Test func productsPrintsATableAndStableJSON() async throws {
    let data = try DataFolder()
    let text = try await data.run(["products", "--limit", "5"])
    #expect(text.status == 0)
    let lines = text.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix(" ID  TITLE") == true || lines.first?.hasPrefix("ID  TITLE") == true)
    #expect(lines.count == 7)
    #expect(text.output.contains("Products 1–5 of 200."))
    #expect(!text.output.contains("\u{1B}["), "no colour when the output is not a terminal")

    let json = try await data.run([
      "products", "--limit", "3", "--skip", "2", "--sort", "price", "--order", "desc", "--json",
    ])
    #expect(json.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == ["products", "total", "skip", "count", "sort", "category", "source", "savedAt", "skipped"])
    #expect(object["total"] as? Int == 200)
    #expect(object["skip"] as? Int == 2)
    #expect(object["count"] as? Int == 3)
    #expect(object["source"] as? String == "live")
    #expect(object["category"] is NSNull)
    let products = try #require(object["products"] as? [[String: Any]])
    let prices = products.compactMap { $0["price"] as? Double }
    #expect(prices.count == 3 && prices == prices.sorted(by: >))
    #expect(Set(products[0].keys) == ["id", "title", "category", "price", "rating", "isFavorite"])
  }

  @Test func productsOfACategory() async throws {
    let data = try DataFolder()
    let json = try await data.run(["products", "--category", "laptops", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let products = try #require(object["products"] as? [[String: Any]])
    #expect(!products.isEmpty && products.allSatisfy { $0["category"] as? String == "laptops" })
  }

  @Test func searchPrintsMatches() async throws {
    let data = try DataFolder()
    let text = try await data.run(["search", "phone"])
    #expect(text.status == 0)
    #expect(text.output.contains("Matches for “phone”"))
    let json = try await data.run(["search", "phone", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["query"] as? String == "phone")
    let products = try #require(object["products"] as? [[String: Any]])
    #expect(!products.isEmpty && (object["total"] as? Int ?? 0) >= products.count)
    let none = try await data.run(["search", "zzzqqq"])
    #expect(none.status == 0 && none.output.contains("No products match"))
  }

  @Test func productShowsOneProductAndNotFoundExitsOne() async throws {
    let data = try DataFolder()
    let text = try await data.run(["product", "3"])
    #expect(text.status == 0)
    #expect(text.output.contains("ID:") && text.output.contains("Price:"))
    let json = try await data.run(["product", "3", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["id"] as? Int == 3)
    #expect(object.keys.contains("brand") && object.keys.contains("isFavorite"))
    let missing = try await data.run(["product", "9999"])
    #expect(missing.status == 1)
    #expect(missing.error == "storefront: No product has the id 9999.\n")
    #expect(missing.output.isEmpty)
  }

  @Test func categoriesListSlugsAndNames() async throws {
    let data = try DataFolder()
    let text = try await data.run(["categories"])
    #expect(text.status == 0 && text.output.contains("laptops"))
    let json = try await data.run(["categories", "--json"])
    let list = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]])
    #expect(list.contains { $0["slug"] == "laptops" && $0["name"] == "Laptops" })
  }

  @Test func favoritesSurviveBetweenRuns() async throws {
    let data = try DataFolder()
    #expect(try await data.run(["favorite", "3"]).output.hasPrefix("Added 3 "))
    #expect(try await data.run(["favorite", "7"]).status == 0)
    let listed = try await data.run(["favorites", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
    let products = try #require(object["products"] as? [[String: Any]])
    #expect(products.compactMap { $0["id"] as? Int } == [3, 7])
    #expect(products.allSatisfy { $0["isFavorite"] as? Bool == true })
    #expect(try await data.run(["favorites"]).output.contains("*"))
    let catalog = try await data.run(["products", "--limit", "3", "--json"])
    #expect(catalog.output.contains("\"isFavorite\" : true"))
    #expect(try await data.run(["unfavorite", "3"]).output.hasPrefix("Removed 3"))
    let after = try await data.run(["favorites", "--json"])
    #expect(after.output.contains("\"id\" : 7") && !after.output.contains("\"id\" : 3"))
    #expect(try await data.run(["favorite", "9999"]).status == 1)
  }

  /// `favorite 1 2 3`: each product once, in order; one that fails does not stop the others.
  @Test func favoriteTakesSeveralIdsAndReportsEachOne() async throws {
    let data = try DataFolder()
    let marked = try await data.run(["favorite", "4", "2", "9999", "2", "6"])
    #expect(marked.status == 1, "one of them does not exist")
    #expect(marked.output.split(separator: "\n").map { $0.prefix(8) } == ["Added 4 ", "Added 2 ", "Added 6 "])
    #expect(marked.error == "storefront: 9999: No product has the id 9999.\n")
    let listed = try await data.run(["favorites", "--json"])
    #expect(listed.output.contains("\"id\" : 2") && listed.output.contains("\"id\" : 4"))
    #expect(listed.output.contains("\"id\" : 6"))
    let unmarked = try await data.run(["unfavorite", "2", "4"])
    #expect(unmarked.status == 0)
    #expect(unmarked.output.split(separator: "\n").map { $0.prefix(10) } == ["Removed 2 ", "Removed 4 "])
    let invalid = try await data.run(["favorite", "3", "x"])
    #expect(invalid.status == 2 && invalid.error.contains("Each ID must be a whole number above 0"))
  }

  /// `product` in text says what `--json` says: the SKU and the return policy too.
  @Test func productTextHoldsWhatTheJSONHolds() async throws {
    let data = try DataFolder()
    let text = try await data.run(["product", "1"]).output
    let json = try await data.run(["product", "1", "--json"]).output
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let sku = try #require(object["sku"] as? String)
    let returns = try #require(object["returnPolicy"] as? String)
    #expect(text.contains("SKU:") && text.contains(sku))
    #expect(text.contains("Returns:") && text.contains(returns))
  }

  @Test func loginFromStandardInputKeepsTheSessionBetweenRuns() async throws {
    let data = try DataFolder()
    let login = try await data.run(["login", "emilys", "--password-stdin"], input: "emilyspass\n")
    #expect(login.status == 0)
    #expect(login.output == "Signed in as Emily Johnson (emilys).\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: data.url.appending(path: "session.json").path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let whoami = try await data.run(["whoami"])
    #expect(whoami.status == 0 && whoami.output.hasPrefix("Emily Johnson (emilys)"))
    let json = try await data.run(["whoami", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["username"] as? String == "emilys")
    #expect(object["id"] as? Int == 1)
    for outcome in [login, whoami, json] {
      #expect(!outcome.output.contains("emilyspass") && !outcome.error.contains("emilyspass"))
      #expect(!outcome.output.contains("Token") && !outcome.output.contains("token"))
    }
    #expect(try await data.run(["logout"]).output == "Signed out.\n")
    let signedOut = try await data.run(["whoami"])
    #expect(signedOut.status == 1 && signedOut.error.contains("Not signed in"))
  }

  @Test func wrongPasswordExitsOneWithoutEchoingIt() async throws {
    let data = try DataFolder()
    let login = try await data.run(["login", "emilys", "--password-stdin"], input: "hunter2\n")
    #expect(login.status == 1)
    #expect(login.error == "storefront: Wrong username or password.\n")
    #expect(!login.output.contains("hunter2") && !login.error.contains("hunter2"))
    let noInput = try await data.run(["login", "emilys"])
    #expect(noInput.status == 2 && noInput.error.contains("--password-stdin"))
  }

  /// Each run is a new process with a new embedded backend; the backend's sessions file lets
  /// the next run honour the token, and its expiry dates are the server's clock.
  @Test func whoamiAfterTheTokenExpiredRefreshesTransparently() async throws {
    let data = try DataFolder()
    let options = ["--token-lifetime", "60"]
    #expect(try await data.run(["login", "emilys", "--password-stdin"] + options, input: "emilyspass\n").status == 0)
    let sessionFile = data.url.appending(path: "session.json")
    let before = try Data(contentsOf: sessionFile)

    // The server's clock moves past the access token's expiry: its record says so.
    let backendFile = data.url.appending(path: "embedded-backend.json")
    var sessions = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: backendFile)) as? [[String: Any]])
    #expect(sessions.count == 1)
    sessions[0]["accessExpiresAt"] = Date().addingTimeInterval(-60).timeIntervalSinceReferenceDate
    try JSONSerialization.data(withJSONObject: sessions).write(to: backendFile)

    let whoami = try await data.run(["whoami"] + options)
    #expect(whoami.status == 0, "\(whoami.error)")
    #expect(whoami.output.hasPrefix("Emily Johnson (emilys)"))
    #expect(try Data(contentsOf: sessionFile) != before, "the refreshed credential was saved")
    #expect(try await data.run(["whoami"] + options).status == 0, "the refreshed token works in the next run")
  }

  @Test func editSavesWithinTheRunAndChecksItsInput() async throws {
    let data = try DataFolder()
    let saved = try await data.run(["edit", "3", "--price", "9.5", "--title", "Renamed Laptop"])
    #expect(saved.status == 0)
    #expect(saved.output == "Saved 3 “Renamed Laptop” at $9.50.\n")
    #expect(saved.error.contains("only while one process runs"))
    let invalid = try await data.run(["edit", "3", "--price", "cheap"])
    #expect(invalid.status == 2)
    #expect(invalid.error.contains("Enter a price such as 9.99.") && invalid.error.contains("Usage: storefront edit"))
    #expect(try await data.run(["edit", "9999", "--price", "1"]).status == 1)
  }

  @Test(arguments: [
    ("92233720368547758", "at most 1000000000.00"), ("100000000000000000", "at most 1000000000.00"),
    ("0", "above zero"),
  ])
  func editRefusesAPriceOutOfRangeWithUsage(price: String, message: String) async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["edit", "1", "--price", price])
    #expect(outcome.status == 2, "\(outcome.error)")
    #expect(outcome.error.contains(message) && outcome.error.contains("Usage: storefront edit"))
  }

  @Test(
    arguments: [
      (["products", "--frobnicate"], "Unknown option '--frobnicate'.", "Usage: storefront products"),
      (["products", "--limit"], "--limit needs a value (N).", "Usage: storefront products"),
      (["products", "--limit", "many"], "--limit needs a whole number", "Usage: storefront products"),
      (["product", "abc"], "ID must be a whole number", "Usage: storefront product ID"),
      (["favorite"], "Missing ID.", "Usage: storefront favorite ID"),
      (["shop"], "Unknown command 'shop'.", "Usage: storefront [OPTIONS]"),
      (["--server", "ftp://x", "products"], "--server needs an http or https URL", "Usage: storefront products"),
      (["--failure-rate", "2", "products"], "--failure-rate needs a number from 0 to 1", "Usage: storefront products"),
    ] as [([String], String, String)])
  func usageErrorsExitTwoWithTheUsage(arguments: [String], message: String, usage: String) async throws {
    let data = try DataFolder()
    let outcome = try await data.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.error.hasPrefix("storefront: \(message)"))
    #expect(outcome.error.contains(usage))
    #expect(outcome.output.isEmpty)
  }

  @Test func anUnreachableServerExitsOne() async throws {
    let data = try DataFolder()
    let outcome = try await StorefrontBinary.run([
      "--server", "http://127.0.0.1:9", "products", "--data-dir", data.path,
    ])
    #expect(outcome.status == 1)
    #expect(outcome.error.hasPrefix("storefront: Nothing answers at the server's address."))
    #expect(outcome.error.hasSuffix("(--server http://127.0.0.1:9)\n"))
  }

  @Test func aDataFolderThatIsAFileExitsOneAndIsLeftAlone() async throws {
    let data = try DataFolder()
    let file = data.url.appending(path: "not-a-folder")
    try Data("keep me".utf8).write(to: file)
    let outcome = try await StorefrontBinary.run(["products", "--data-dir", file.path])
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("it is a file, not a folder"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
  }

  @Test func aCorruptFileIsMovedAsideNotLost() async throws {
    let data = try DataFolder()
    try Data("{not json".utf8).write(to: data.url.appending(path: "favorites.json"))
    let outcome = try await data.run(["favorites"])
    #expect(outcome.status == 0)
    #expect(outcome.error.contains("warning:") && outcome.error.contains("favorites.json"))
    let names = try FileManager.default.contentsOfDirectory(atPath: data.path)
    let aside = try #require(names.first { $0.hasPrefix("favorites.json.corrupt-") })
    #expect(try String(contentsOf: data.url.appending(path: aside), encoding: .utf8) == "{not json")
  }

  @Test func withoutATerminalTheBrowserPrintsTheFirstPage() async throws {
    let data = try DataFolder()
    let outcome = try await data.run([])
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Products 1–30 of 200."))
  }

  @Test func demoPrintsWhatTheServerSaw() async throws {
    let outcome = try await StorefrontBinary.run(["demo"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("all 100 got"))
    #expect(outcome.output.contains("the server saw 1 request for /products/1"))
    #expect(outcome.output.contains("was dropped"))
    #expect(outcome.output.contains("and saw 1 refresh"))
    #expect(outcome.output.contains("message: none, failure: none"))
    #expect(outcome.output.contains("each of the 5 states the screen showed held every edit still pending"))
    #expect(outcome.output.contains("edit 2 was saved; edit 1 failed, and the screen that made it says why"))
    #expect(outcome.output.contains(": edit 2, not edit 1"), "the server kept the second edit only")
    let writes = try #require(outcome.output.components(separatedBy: "\n5. ").last?.components(separatedBy: "\n6. "))
    let screens = writes[0].split(separator: "\n").filter { $0.hasPrefix("   screen: ") }
    #expect(screens.count == 5, "every state the product screen showed is printed")
    let pending = screens.map { $0.components(separatedBy: "  · ").dropFirst().joined(separator: " · ") }
    #expect(
      pending == [
        "", "edit 1 pending", "edits 1 and 2 pending", "edit 1 pending",
        "says “The server ran into a problem. Try again later.”",
      ])
    #expect(screens.dropFirst().dropLast().allSatisfy { $0.contains("“Product One, Renamed”") })
    #expect(screens.dropFirst(2).allSatisfy { $0.contains(" at $7.50") }, "from the second edit on")
    let restart = writes.count > 1 ? writes[1] : ""
    #expect(restart.contains("showed the product kept from the last run at once, without the server"))
    #expect(restart.contains("kept products count as stale at start"))
  }
}
