import Storefront
import StorefrontCLI
import Testing

@Suite struct ParserTests {
  @Test func parsesProductsWithEveryOption() throws {
    let invocation = try Invocation.parse([
      "products", "--limit", "5", "--skip=10", "--sort", "price", "--order", "desc", "--category", "laptops", "--json",
    ])
    #expect(
      invocation.command
        == .products(
          ProductsRequest(limit: 5, skip: 10, sort: ProductSort(.price, .descending), category: "laptops", json: true)))
  }

  @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
    let before = try Invocation.parse(["--data-dir", "/tmp/x", "--no-color", "whoami"])
    let after = try Invocation.parse(["whoami", "--no-color", "--data-dir=/tmp/x"])
    #expect(before == after)
    #expect(before.global.dataDirectory == "/tmp/x")
    #expect(before.global.noColor)
  }

  @Test func noCommandBrowses() throws {
    #expect(try Invocation.parse([]).command == .browse)
  }

  @Test(
    arguments: [
      (["products", "--bogus"], "Unknown option '--bogus'.", "products"),
      (["products", "--limit"], "--limit needs a value (N).", "products"),
      (["products", "--limit", "--json"], "--limit needs a value (N).", "products"),
      (["product", "abc"], "ID must be a whole number above 0, such as 12; got 'abc'.", "product"),
      (["product"], "Missing ID.", "product"),
      (["frob"], "Unknown command 'frob'.", nil),
      (["products", "--order", "desc"], "--order needs --sort.", "products"),
      (["search", "a", "b"], "Unexpected argument 'b'.", "search"),
      (["logout", "--json"], "Unknown option '--json'.", "logout"),
      (["edit", "3"], "Give --title, --price or both.", "edit"),
      (["--json=1", "products"], "Unknown option '--json=1'.", nil),
    ] as [([String], String, String?)])
  func reportsUsageErrors(arguments: [String], message: String, command: String?) {
    #expect(throws: UsageError(message, command: command)) { try Invocation.parse(arguments) }
  }
}
