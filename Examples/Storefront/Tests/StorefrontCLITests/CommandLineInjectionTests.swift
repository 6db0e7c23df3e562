import Foundation
import Testing

/// What the commands print of the user's input and the server's text reaches the terminal as
/// text; `--json` keeps it exact.
@Suite(.timeLimit(.minutes(4)))
struct CommandLineInjectionTests {
  static let red = "\u{1B}[31mred"
  static let clear = "\u{1B}[2J"

  /// Whether `text` holds a byte a terminal would act on, other than a newline.
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
  }

  @Test func aSearchEchoesTheQueryAsText() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["search", Self.red])
    #expect(outcome.status == 0)
    #expect(outcome.output == "No products match “␛[31mred”.\n")
    #expect(!Self.hasControls(outcome.output + outcome.error))
  }

  @Test func jsonKeepsTheQueryExact() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["search", Self.red, "--json"])
    #expect(outcome.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
    #expect(object?["query"] as? String == Self.red)
  }

  @Test func anEditPrintsTheNewTitleAsText() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["edit", "1", "--title", Self.clear + "Lamp\u{202E}"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.hasPrefix("Saved 1 “␛[2JLamp�” at $"))
    #expect(!Self.hasControls(outcome.output + outcome.error))
  }

  @Test func aMistypedArgumentIsEchoedAsText() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["--\u{1B}]0;pwned\u{07}"])
    #expect(outcome.status == 2)
    #expect(outcome.error.hasPrefix("storefront: Unknown option '--␛]0;pwned␇'."))
    #expect(!Self.hasControls(outcome.output + outcome.error))
  }
}
