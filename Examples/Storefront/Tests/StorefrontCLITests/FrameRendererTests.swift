import Foundation
import Storefront
import StorefrontCLI
import Testing

@Suite struct FrameRendererTests {
  static let products = (1...40).map { id in
    Product(
      id: id, title: "A rather long product title number \(id) that goes on", category: "kitchen-accessories",
      price: Double(id) * 10.5, rating: 4.25)
  }

  func catalog(selection: Int = 0) -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.rows = Self.products
    snapshot.total = 200
    snapshot.selection = selection
    snapshot.favorites = [2]
    snapshot.sort = ProductSort(.price, .descending)
    snapshot.userName = "Emily Johnson"
    snapshot.updatedAt = Date(timeIntervalSince1970: 3_600 * 13 + 60 * 5 + 9)
    return snapshot
  }

  @Test(arguments: [(70, 15), (120, 40), (40, 10), (200, 60)])
  func everyLineFitsTheTerminal(columns: Int, rows: Int) {
    let size = TerminalSize(columns: columns, rows: rows)
    let lines = FrameRenderer.lines(catalog(), size: size, style: .plain, timeZone: .gmt)
    #expect(lines.count == rows)
    for line in lines { #expect(line.count <= columns, "\(line)") }
    if columns >= 70 { #expect(lines[1].hasSuffix("FAV")) }
  }

  @Test func showsTheStatusTheFavouritesAndTheUser() {
    let lines = FrameRenderer.lines(
      catalog(), size: TerminalSize(columns: 120, rows: 20), style: .plain, timeZone: .gmt)
    #expect(lines[0].hasPrefix(" Storefront · embedded") && lines[0].hasSuffix("signed in as Emily Johnson "))
    #expect(lines[3].hasSuffix("*"), "product 2 is a favourite")
    #expect(lines[18] == " 40 of 200 · sorted by price ↓ · updated 13:05:09")
    #expect(lines[19].contains("n next page"))
  }

  @Test func theSpinnerShowsOnlyWhenTheSnapshotAsksForIt() {
    var snapshot = catalog()
    let size = TerminalSize(columns: 120, rows: 20)
    #expect(!FrameRenderer.lines(snapshot, size: size, style: .plain).joined().contains("loading"))
    snapshot.spinner = 3
    #expect(FrameRenderer.lines(snapshot, size: size, style: .plain)[18].hasSuffix("⠸ loading…"))
  }

  @Test func aFailureShowsAboveTheStatusAndTheKeyHintsStay() {
    var snapshot = catalog()
    snapshot.failure = "You're offline. Check your connection and try again."
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 120, rows: 20), style: .plain)
    #expect(lines.count == 20)
    #expect(lines[17] == " You're offline. Check your connection and try again.")
    #expect(lines[18].hasPrefix(" 40 of 200"))
    #expect(lines[19].contains("r refresh"))
  }

  @Test func scrollsByWholeScreensToKeepTheSelectionVisible() {
    let size = TerminalSize(columns: 120, rows: 20)  // 16 rows of products fit
    let lines = FrameRenderer.lines(catalog(selection: 31), size: size, style: .plain)
    #expect(lines[2].hasPrefix("17  "), "the second screen of rows")
    #expect(lines[17].hasPrefix("32  "), "the selected row, the last of that screen")
    #expect(FrameRenderer.firstVisibleRow(selection: 15, visible: 16, count: 40) == 0)
    #expect(FrameRenderer.firstVisibleRow(selection: 16, visible: 16, count: 40) == 16)
  }

  @Test func theSelectedRowIsReversedOnlyWithColour() {
    let size = TerminalSize(columns: 80, rows: 10)
    let coloured = FrameRenderer.lines(catalog(selection: 0), size: size, style: Style(usesColor: true))
    #expect(coloured[2].hasPrefix("\u{1B}[7m"))
    let frame = FrameRenderer.frame(catalog(), size: size, style: .plain)
    #expect(frame.hasPrefix(ANSI.home) && frame.hasSuffix(ANSI.clearBelow))
    #expect(!frame.contains("\u{1B}[7m"))
  }

  @Test func theLoginFormNeverShowsThePassword() {
    var snapshot = BrowserSnapshot()
    snapshot.screen = .login(username: LineEditor("emilys"), password: LineEditor("s3cret-word").masked, field: 1)
    let text = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 12), style: .plain).joined()
    #expect(text.contains("Username: emilys") && text.contains("Password: •••••••••••▏"))
    #expect(!text.contains("s3cret"))

  }
}

@Suite struct OutputTests {
  @Test func tablesShortenTheFlexibleColumn() async {
    let table = TextTable(
      columns: [.init("ID", .right), .init("TITLE", flexible: true), .init("PRICE", .right)],
      rows: [["1", "A very long title indeed", "$1.00"], ["22", "Short", "$10.00"]])
    #expect(
      await table.render(width: nil) == """
        ID  TITLE                      PRICE
         1  A very long title indeed   $1.00
        22  Short                     $10.00

        """)
    #expect(
      await table.render(width: 26) == """
        ID  TITLE            PRICE
         1  A very long t…   $1.00
        22  Short           $10.00

        """)
  }

  @Test func jsonKeepsEveryKeyWithNullForMissingValues() async {
    let product = Product(id: 4, title: "Lamp", category: "lighting", price: 12)
    let text = await JSONOutput.encode(JSONOutput.ProductSummary(product, isFavorite: false))
    #expect(text.contains("\"rating\" : null"))
    #expect(text.contains("\"isFavorite\" : false"))
    let keys = text.split(separator: "\n").compactMap { $0.split(separator: "\"").dropFirst().first }
    #expect(keys == keys.sorted(), "sorted keys")
  }

  @Test func colourOnlyOnATerminalWithoutNoColor() {
    #expect(Style.usesColor(isTerminal: true, noColorFlag: false, environment: [:]))
    #expect(!Style.usesColor(isTerminal: false, noColorFlag: false, environment: [:]))
    #expect(!Style.usesColor(isTerminal: true, noColorFlag: true, environment: [:]))
    #expect(!Style.usesColor(isTerminal: true, noColorFlag: false, environment: ["NO_COLOR": "1"]))
    #expect(Style.plain.bold("x") == "x")
  }

  @Test func everyCommandsHelpListsItsOptions() {
    for spec in CommandTable.commands {
      let help = HelpText.help(for: spec.name)
      for option in spec.options { #expect(help.contains(option.synopsis), "\(spec.name) \(option.synopsis)") }
    }
    for option in CommandTable.global { #expect(HelpText.help(for: nil).contains(option.synopsis)) }
  }
}
