import Foundation
import Storefront
import StorefrontCLI
import Testing

/// What the frame shows when the list, the window or the text do not fit the simple case.
@Suite struct FrameRendererLayoutTests {
  static func products(_ count: Int, title: (Int) -> String = { "Product number \($0)" }) -> [Product] {
    (1...count).map { Product(id: $0, title: title($0), category: "kitchen-accessories", price: 10.5, rating: 4.5) }
  }

  static func catalog(_ rows: [Product], selection: Int) -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.rows = rows
    snapshot.total = 200
    snapshot.selection = selection
    return snapshot
  }

  /// The IDs of the table's rows in a frame: the lines between the column titles and the status.
  static func ids(_ lines: [String]) -> [Int] {
    lines.dropFirst(2).dropLast(2).compactMap { line in
      line.split(separator: " ").first.flatMap { Int($0) }
    }
  }

  @Test func aSelectionPastTheEndOfAShorterListShowsItsLastScreen() {
    // A refresh brought the list back to 30 rows while row 60 was selected.
    let snapshot = Self.catalog(Self.products(30), selection: 59)
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 100, rows: 24), style: .plain)
    #expect(lines.count == 24)
    let ids = Self.ids(lines)
    #expect(ids.last == 30, "the last rows show")
    #expect(ids.count == 20, "the screen is full")
  }

  @Test func growingTheWindowAtTheEndOfTheListFillsIt() {
    let snapshot = Self.catalog(Self.products(90), selection: 89)
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 100, rows: 80), style: .plain)
    let ids = Self.ids(lines)
    #expect(ids.first == 15 && ids.last == 90, "rows 15–90: 76 rows fill the 80-line window")
    #expect(ids.count == 76)
    #expect(FrameRenderer.firstVisibleRow(selection: 89, visible: 31, count: 90) == 59)
    #expect(FrameRenderer.firstVisibleRow(selection: 40, visible: 31, count: 90) == 31, "whole screens still")
  }

  /// Halfway cases round as C rounds the exact binary value (0.125 to 0.12, 2.675 to 2.67).
  @Test(arguments: [0, 0.125, 0.375, 2.675, 9.995, 19.99, -3.14159, 1e20, 1e300, .infinity, .nan, 4.05])
  func pricesAndRatingsReadAsCFormatsThem(value: Double) {
    #expect(ProductFormatting.price(value) == String(format: "$%.2f", value))
    #expect(ProductFormatting.rating(value) == String(format: "%.1f", value))
  }

  @Test func wideCharactersAndEmojiKeepTheColumnsStraight() {
    let titles = ["Plain kettle", "日本の包丁セット", "Thumbs 👍🏽 up", "Café crème", "🇯🇵 flag mug"]
    let snapshot = Self.catalog(Self.products(5) { titles[$0 - 1] }, selection: 0)
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 100, rows: 12), style: .plain)
    let rows = lines[2...6]
    let priceColumns = Set(rows.map { DisplayWidth.of($0.prefix(upTo: $0.firstIndex(of: "$")!)) })
    #expect(priceColumns.count == 1, "every price starts in the same cell: \(Array(rows))")
    #expect(DisplayWidth.of("日本の包丁セット") == 16 && DisplayWidth.of("👍🏽") == 2 && DisplayWidth.of("🇯🇵") == 2)
  }

  @Test(arguments: [50, 40, 30])
  func theTitleGetsTheSpaceBeforeTheOtherColumns(columns: Int) throws {
    let long = "A rather long product title that goes on and on"
    let snapshot = Self.catalog(Self.products(3) { _ in long }, selection: 1)
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: columns, rows: 10), style: .plain)
    for line in lines { #expect(DisplayWidth.of(line) <= columns, "\(line)") }
    let row = lines[2]
    let title = try #require(row.firstRange(of: "A rather"))
    let shown = row[title.lowerBound...].prefix { $0 != "…" }
    #expect(shown.count >= columns * 2 / 5 - 1, "the title keeps two fifths of the line: \(row)")
    #expect(row.contains("$10.50"), "the price stays: \(row)")
    #expect(lines[1].contains("PRICE"))
    if columns <= 40 { #expect(!lines[1].contains("CATEGORY") && !lines[1].contains("RATING")) }
  }

  @Test func theStatusDoesNotCountRowsBeforeTheFirstPage() {
    var snapshot = BrowserSnapshot()
    snapshot.isLoading = true
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 10), style: .plain)
    #expect(lines[8] == " sorted by id", "the spinner, once it shows, says what loads")
  }

  @Test func aDetailThatFailedToLoadSaysSoAndKeepsItsKeys() {
    var snapshot = BrowserSnapshot()
    snapshot.screen = .detail(nil, isFavorite: false, isLoading: false)
    snapshot.isLoading = true  // the catalog behind it still loads
    snapshot.failure = "The server had a problem. Try again in a moment."
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 10), style: .plain)
    #expect(!lines.joined().contains("Loading"))
    #expect(lines[1].contains("could not be loaded"))
    #expect(lines[7] == " The server had a problem. Try again in a moment.")
    #expect(lines[9].contains("r reload") && lines[9].contains("Esc back"))
  }

  @Test func theAccountKeySaysWhatItWillDo() {
    var snapshot = Self.catalog(Self.products(3), selection: 0)
    let size = TerminalSize(columns: 80, rows: 10)  // too narrow for every hint
    #expect(FrameRenderer.lines(snapshot, size: size, style: .plain)[9].contains("l login"))
    snapshot.userName = "Emily Johnson"
    #expect(FrameRenderer.lines(snapshot, size: size, style: .plain)[9].contains("l logout"))
  }

  @Test func formsShowTheirOwnVerbAndTheCursorWhereItIs() {
    var snapshot = BrowserSnapshot()
    var title = LineEditor("Lamp")
    title.handle(.left)
    snapshot.screen = .edit(productTitle: "Lamp", title: title, price: LineEditor("12"), field: 0, problem: nil)
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 12), style: .plain)
    #expect(lines.contains(" ▸ Title: Lam▏p"))
    #expect(lines.last?.contains("⏎ save") == true)
    snapshot.screen = .login(username: LineEditor("emilys"), password: LineEditor().masked, field: 0)
    let login = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 12), style: .plain)
    #expect(login.last?.contains("⏎ sign in") == true)
  }
}
