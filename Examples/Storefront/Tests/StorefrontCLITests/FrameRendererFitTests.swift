import Foundation
import Storefront
import StorefrontCLI
import Testing

/// What a frame keeps when the terminal is small: the keys that matter, a fair share of the
/// table for each column, and every line of a long text within reach by scrolling.
@Suite struct FrameRendererFitTests {
  static let small = TerminalSize(columns: 50, rows: 12)

  static func catalog(_ products: [Product]) -> BrowserSnapshot {
    FrameRendererLayoutTests.catalog(products, selection: 0)
  }

  /// The frames of `snapshot` scrolled to each line it can start from, and how far it scrolls.
  static func everyScroll(_ snapshot: BrowserSnapshot, size: TerminalSize) -> (frames: [[String]], limit: Int) {
    let limit = FrameRenderer.scrollRange(snapshot, size: size).limit
    let frames = (0...limit).map { scroll in
      var scrolled = snapshot
      scrolled.scroll = scroll
      return FrameRenderer.lines(scrolled, size: size, style: .plain)
    }
    return (frames, limit)
  }

  @Test func theCatalogKeyBarKeepsSortFavouriteAndEditAt80Columns() throws {
    var snapshot = Self.catalog(FrameRendererLayoutTests.products(30))
    for user in [nil, "Emily Johnson"] {
      snapshot.userName = user
      let bar = try #require(
        FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 24), style: .plain).last)
      for hint in ["s sort", "f fav", "e edit", "/ search", "⏎ open", "? help", "q quit", "r refresh", "l log"] {
        #expect(bar.contains(hint), "\(hint) in \(bar)")
      }
      #expect(DisplayWidth.of(bar) <= 80)
    }
    let wide = try #require(
      FrameRenderer.lines(snapshot, size: TerminalSize(columns: 120, rows: 24), style: .plain).last)
    #expect(wide.contains("↑↓ move") && wide.contains("n next page"), "every key where there is room: \(wide)")
  }

  @Test func theCategoryShowsWholeWhileTheTitleHasMoreThanItsShare() throws {
    let title = "Summer Muse Marni Red & Black Evening Dress"  // 43 cells
    let products = [
      Product(id: 1, title: title, category: "kitchen-accessories", price: 214.76, rating: 3.8),
      Product(id: 12, title: "Silicone Chopping Board", category: "womens-dresses", price: 41.04, rating: 1.6),
    ]
    let lines = FrameRenderer.lines(Self.catalog(products), size: TerminalSize(columns: 80, rows: 24), style: .plain)
    #expect(lines[1].contains("CATEGORY") && lines[1].hasSuffix("FAV"))
    #expect(lines[2].contains("kitchen-accessories"), "its longest value, uncut: \(lines[2])")
    let shown = try #require(lines[2].firstRange(of: "Summer"))
    #expect(lines[2][shown.lowerBound...].prefix { $0 != "…" }.count >= 80 * 2 / 5 - 1, "two fifths: \(lines[2])")
    #expect(lines[3].contains("womens-dresses") && lines[3].contains("Silicone Chopping Board"))
  }

  @Test func helpOnA50By12TerminalScrollsAndNoLineIsCut() {
    var snapshot = BrowserSnapshot()
    snapshot.screen = .help
    let (frames, limit) = Self.everyScroll(snapshot, size: Self.small)
    #expect(limit > 0, "taller than the window")
    let body = frames.flatMap { $0[1..<10] }
    #expect(!body.contains { $0.contains("…") }, "no line is cut: \(body)")
    for line in [
      " r          refresh (on details: reload)", " i          show or hide the inspector", " q Ctrl-C   quit",
      " Press any key to go back.",
    ] {
      #expect(body.contains(line), "\(line) is reached")
    }
    #expect(frames[0][10].contains("↓ more below") && !frames[0][10].contains("more above"), "\(frames[0][10])")
    #expect(frames[limit][10].contains("↑ more above") && !frames[limit][10].contains("more below"))
    #expect(frames[0][11].contains("scroll"), "the keys say it scrolls: \(frames[0][11])")

    snapshot.scroll = limit + 10  // a window that grew, say: never past the last line
    #expect(FrameRenderer.lines(snapshot, size: Self.small, style: .plain) == frames[limit])
  }

  @Test func detailsOnA50By12TerminalScrollToTheDescriptionAndTheReviews() {
    let product = Product(
      id: 7, title: "Brass desk lamp",
      description: "A lamp of solid brass that lights a desk well, with a warm "
        + "light and a switch on its cord. It ends here.", category: "home-decoration", price: 12, rating: 4,
      stock: 3, tags: ["lighting"], brand: "Lumo", warrantyInformation: "1 year", shippingInformation: "Ships in a day",
      availabilityStatus: "In Stock",
      reviews: [Review(rating: 5, comment: "Bright", date: "2024-05-23", reviewerName: "Ada")])
    var snapshot = BrowserSnapshot()
    snapshot.screen = .detail(product, isFavorite: false, isLoading: false)
    let (frames, limit) = Self.everyScroll(snapshot, size: Self.small)
    #expect(limit > 0)
    #expect(!frames[0].joined().contains("Reviews:"), "below the window at first")
    let last = frames[limit]
    #expect(last.contains { $0.hasPrefix(" Reviews:      1 (average 5.0)") }, "\(last)")
    #expect(last[9] == " ends here.", "the end of the description, on the last line: \(last)")
    #expect(last[10] == " lines \(limit + 1)–\(limit + 9) of \(limit + 9) · ↑ more above", "\(last[10])")
  }

  @Test func aPathLongerThanTheLineIsBrokenNotCut() {
    let path = "/tmp/storefront-data-0123456789abcdef0123456789abcdef/favorites.json"
    let lines = ProductFormatting.wrap("\(path) is damaged.", width: 30)
    let cells = Array(path)
    #expect(lines == [String(cells[0..<30]), String(cells[30..<60]), String(cells[60...]) + " is damaged."])
  }

  @Test func theReadmeSampleIsWhatAn80By24TerminalShows() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../../../README.md")
    let text = try String(contentsOf: readme.standardizedFileURL, encoding: .utf8)
    let session = try #require(text.firstRange(of: "## A short session"))
    // The screen in the sample: from its header to the blank line after its key bar.
    let lines = text[session.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
    let sample = lines.drop { !$0.hasPrefix(" Storefront · ") }.prefix { !$0.isEmpty }.map(Self.trimmed)
    #expect(sample.count >= 5, "\(sample)")
    for line in sample { #expect(DisplayWidth.of(line) <= 80, "wider than 80 columns: \(line)") }
    let snapshot = Self.catalog(FrameRendererLayoutTests.products(30))
    let frame = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 80, rows: 24), style: .plain)
    #expect(sample.first == frame.first.map(Self.trimmed), "the header")
    #expect(sample.last == frame.last.map(Self.trimmed), "the key bar")
  }

  /// `line` without the spaces at its end, which a README does not keep.
  static func trimmed(_ line: some StringProtocol) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}

private typealias Review = Product.Review
