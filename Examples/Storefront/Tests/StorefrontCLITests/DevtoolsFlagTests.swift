import Foundation
import StorefrontCLI
import Testing

/// `storefront --devtools`: the command runs as usual, and the address of the live page is said
/// on standard error, out of the command's output.
@Suite(.timeLimit(.minutes(2)))
struct DevtoolsFlagTests {
  @Test func parsesAsAGlobalFlag() throws {
    #expect(try Invocation.parse(["--devtools", "products"]).global.devtools)
    #expect(try Invocation.parse(["categories", "--devtools"]).global.devtools)
    #expect(try !Invocation.parse(["categories"]).global.devtools)
  }

  @Test func printsTheAddressOnStandardErrorAndRunsTheCommand() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["--devtools", "categories"])
    #expect(outcome.status == 0)
    #expect(
      outcome.error.range(
        of: #"^storefront: devtools: http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}\n$"#, options: .regularExpression)
        != nil)
    #expect(!outcome.output.contains("devtools"))
    #expect(!outcome.output.isEmpty)
    let without = try await data.run(["categories"])
    #expect(!without.error.contains("devtools"))
  }
}
