import Foundation
import StorefrontCLI
import Testing

/// `demo --inspect` and `stats`, run from the built binary as a script would.
@Suite(.timeLimit(.minutes(4)))
struct InspectorCommandTests {
  @Test func statsAndDemoInspectParse() throws {
    #expect(try Invocation.parse(["stats"]).command == .stats(json: false))
    #expect(try Invocation.parse(["stats", "--json"]).command == .stats(json: true))
    #expect(try Invocation.parse(["demo", "--inspect"]).command == .demo(inspect: true))
    #expect(try Invocation.parse(["demo"]).command == .demo(inspect: false))
    #expect(throws: UsageError.self) { try Invocation.parse(["products", "--inspect"]) }
  }

  @Test func theDemoPrintsWhyEachSceneHolds() async throws {
    let demo = try await StorefrontBinary.run(["demo", "--inspect"])
    #expect(demo.status == 0, "\(demo.error)")
    // Columns are as wide as their longest entry in each scene: compare words, not spacing.
    let scenes = demo.output.replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
      .components(separatedBy: "events, in order:")
    try #require(scenes.count == 7, "a trace under each of the six scenes")

    let coalescing = scenes[1]
    #expect(coalescing.components(separatedBy: "/products/1 started load").count == 2, "one load")
    #expect(coalescing.contains("/products/1 joined ×100 (100 waiting)"), "a hundred callers wait on it")
    #expect(coalescing.contains("products hit"), "the next call is a hit")
    let stale = scenes[2]
    #expect(stale.contains("catalog feed detached #1 by refresh"))
    #expect(stale.contains("catalog feed dropped #1"), "the late page is dropped")
    #expect(scenes[3].contains("products hit 0% · 20 loads"), "twenty products, loaded once each")
    let cancelled = scenes[4].components(separatedBy: "\n5. ")[0]  // its trace, not the next scene's words
    #expect(cancelled.contains("catalog feed abandoned #1, its last caller left"))
    #expect(!cancelled.contains("failed"), "cancelling is not failing")
    let writes = scenes[5]
    let layered = try #require(writes.range(of: "products /products/1 layered write #1\n"))
    let second = try #require(writes.range(of: "products /products/1 layered write #2\n"))
    let committed = try #require(writes.range(of: "products /products/1 committed write #2\n"))
    let rolledBack = try #require(writes.range(of: "products /products/1 rolled back write #1\n"))
    #expect(layered.lowerBound < second.lowerBound && second.lowerBound < committed.lowerBound)
    #expect(committed.lowerBound < rolledBack.lowerBound, "the second edit is saved before the first fails")
    let restart = scenes[6]
    let hydrated = try #require(restart.range(of: "products hydrated 1 from the file"), "kept from the first run")
    let staleHit = try #require(restart.range(of: "products /products/1 stale hit"), "kept products are stale at start")
    #expect(hydrated.lowerBound < staleHit.lowerBound)
    #expect(restart.contains("products /products/1 started revalidation #1"))

    let times = demo.output.split(separator: "\n").filter { $0.hasPrefix("     +") }.map { $0.dropFirst(6) }
    #expect(!times.isEmpty && times.allSatisfy { $0.prefix { $0 != " " }.wholeMatch(of: /[0-9]+\.[0-9]/) != nil })

    let plain = try await StorefrontBinary.run(["demo"])
    #expect(plain.status == 0 && !plain.output.contains("events, in order:"), "traces only when asked")
  }

  @Test func statsPrintsEveryOwnersCountersAsDocumentedJSON() async throws {
    let data = try DataFolder()
    let json = try await data.run(["stats", "--json"])
    #expect(json.status == 0, "\(json.error)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["owners", "steps"])
    let owners = try #require(object["owners"] as? [[String: Any]])
    let byName = Dictionary(owners.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
    for name in ["products", "searches", "catalog feed", "product screen", "offline page"] {
      #expect(byName[name] != nil, "\(name) reported")
    }
    for owner in owners {
      #expect(Set(owner.keys) == ["name", "kind", "instances", "counters", "hitRatio", "entries", "inFlight"])
      #expect((owner["counters"] as? [String: Int])?.count == 22, "every counter, always")
    }
    // The browse is scripted: every counter is the same on every run, whatever the machine's
    // timing, so each one is asserted exactly; but the products file's writes. It is written
    // behind the cache: products committed while a write runs go in the next one, so three
    // products take one to three writes, as the machine's timing has it.
    var counted = Self.counters(of: owners)
    let productsFile = counted.removeValue(forKey: "products file")
    // Likewise a save of the offline page that comes while its write runs on the store's queue
    // is folded into the next write, or not, as the timing has it; its two writes are exact.
    counted["offline page"]?["coalescedSaves"] = nil
    let productsFileCounters = Set((productsFile ?? [:]).keys)
    #expect(productsFileCounters.isSubset(of: ["writes", "coalescedSaves"]))
    // Written on the store's own queue, a write may still run when the counters are printed.
    #expect((0...3).contains(productsFile?["writes"] ?? 0))
    #expect(
      counted == [
        "session file": [:], "favourites file": [:], "offline page": ["writes": 2], "preferences": [:],
        "favourites": ["committed": 1],  // the file's set, held for the screens
        "catalog feed": ["pagesAppended": 3, "started": 3, "succeeded": 3],
        "product screen": ["started": 7, "succeeded": 7],
        // Three products, each opened on two screens at once: three requests, three second
        // screens joining them, and one reopening served from the cache.
        "products": ["committed": 3, "hits": 1, "joins": 3, "misses": 6, "started": 3, "succeeded": 3],
        "search screen": ["started": 2, "succeeded": 2],
        "searches": ["committed": 1, "hits": 1, "misses": 1, "started": 1, "succeeded": 1],
        "categories": ["started": 1, "succeeded": 1],
      ])
    #expect(byName["product screen"]?["instances"] as? Int == 7)
    let again = try await DataFolder().run(["stats", "--json"])
    let againObject = try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any]
    var recounted = Self.counters(of: againObject?["owners"] as? [[String: Any]] ?? [])
    recounted["products file"] = nil
    recounted["offline page"]?["coalescedSaves"] = nil
    #expect(recounted == counted, "a second run counts the same")

    let text = try await data.run(["stats"])
    #expect(text.status == 0)
    #expect(text.output.contains("OWNER") && text.output.contains("products"))
    #expect(try await data.run(["stats", "extra"]).status == 2)
    let failing = try await data.run(["stats", "--failure-rate", "1"])
    #expect(failing.status == 1 && failing.output.isEmpty)
    #expect(failing.error == "storefront: The server ran into a problem. Try again later.\n")
    #expect(try await StorefrontBinary.run(["help", "json"]).output.contains("\"pagesAppended\""))
  }

  /// Each owner's counters that are not zero, by owner name.
  static func counters(of owners: [[String: Any]]) -> [String: [String: Int]] {
    owners.reduce(into: [String: [String: Int]]()) { counted, owner in
      let counters = (owner["counters"] as? [String: Int] ?? [:]).filter { $0.value != 0 }
      counted[owner["name"] as? String ?? ""] = counters
    }
  }
}
