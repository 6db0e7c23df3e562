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

  /// The browser's full screen hides the line printed before it; its help screen shows the
  /// address again, first, so an 80×24 terminal shows it without scrolling.
  @Test func theBrowsersHelpScreenShowsTheAddress() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--devtools", "--data-dir", data.path], columns: 80, rows: 24)
    try await terminal.read(until: "sorted by id")
    let printed = try #require(terminal.transcript.firstMatch(of: /storefront: devtools: (http:\/\/\S+)/)?.1)
    var mark = terminal.mark
    terminal.send("?")
    try await terminal.read(until: "any other key goes back", after: mark)
    let help = terminal.lastFrame(after: mark)
    #expect(help.contains { $0.trimmingCharacters(in: .whitespaces) == printed })
    mark = terminal.mark
    terminal.send("q")  // leaves the help
    try await terminal.read(until: "sorted by id", after: mark)
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(try await terminal.waitForExit() == 0)
  }
}
