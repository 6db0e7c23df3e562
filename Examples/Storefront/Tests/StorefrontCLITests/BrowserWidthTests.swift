import Foundation
import Storefront
import StorefrontCLI
import Testing

/// The table in the browser at the widths people use, driven through a pseudo-terminal.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserWidthTests {
  @Test func wideTitlesKeepThePriceColumnStraight() async throws {
    let titles = ["Plain kettle", "日本の包丁セット", "Thumbs 👍🏽 up mug", "🇯🇵 flag tote", "Café crème cups"]
    let data = try BrowserFailureTests.savedPage(
      titles.enumerated().map { Product(id: $0.offset + 1, title: $0.element, category: "kitchen", price: 9.5) })
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "0", "--failure-rate", "1"], columns: 70, rows: 16)
    try await terminal.read(until: "Café crème cups")
    try await terminal.read { $0.lastFrame().count == 16 }
    let rows = terminal.lastFrame().filter { $0.contains("$9.50") }
    #expect(rows.count == 5)
    let columns = Set(rows.map { DisplayWidth.of($0[..<$0.firstRange(of: "$9.50")!.lowerBound]) })
    #expect(columns.count == 1, "every price starts in the same cell: \(rows)")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func aNarrowWindowGivesTheTitleItsSpaceAndKeepsThePrice() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], columns: 30, rows: 12)
    try await terminal.read(until: "30 of 200")
    try await terminal.read { $0.lastFrame().count == 12 }
    let frame = terminal.lastFrame()
    #expect(frame[1].hasPrefix("ID  TITLE") && frame[1].hasSuffix("PRICE"), "\(frame[1])")
    let first = try #require(frame.dropFirst(2).first)
    #expect(first.contains("$"), "the price shows: \(first)")
    let title = first.dropFirst(4).prefix { $0 != "…" && $0 != "$" }
    #expect(title.count >= 12, "the title keeps two fifths of the line: \(first)")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
