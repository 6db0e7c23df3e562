import Foundation
import Storefront
import StorefrontCLI
import Testing

/// Text from outside the program reaches the terminal as text, never as commands.
@Suite struct TerminalTextTests {
  static let hostile = "\u{1B}[2J\u{1B}[31mRED\u{1B}]0;pwned\u{07}"

  @Test(
    arguments: [
      (hostile, "␛[2J␛[31mRED␛]0;pwned␇"),
      ("tab\tnew\nline\r", "tab␉new␊line␍"),
      ("c1 \u{9B}31m and del \u{7F}", "c1 �31m and del ␡"),
      ("abc\u{202E}fed\u{2066}x\u{2069}", "abc�fed�x�"),
      ("Café 日本 👍🏽", "Café 日本 👍🏽"),
    ] as [(String, String)])
  func controlsBecomeVisibleStandIns(text: String, shown: String) {
    #expect(TerminalText.inert(text) == shown)
    #expect(TerminalText.inert(shown) == shown, "inert text stays as it is")
  }

  @Test func aHostileProductNeverReachesTheFrameAsCommands() {
    var snapshot = BrowserSnapshot()
    let product = Product(
      id: 1, title: Self.hostile, description: "Look \u{1B}[8mhidden", category: "x\u{1B}[1A", price: 1)
    snapshot.rows = [product]
    snapshot.total = 1
    snapshot.userName = "Mallory\u{1B}]0;owned\u{07}"
    snapshot.notice = "Added “\(Self.hostile)” to favourites."
    let size = TerminalSize(columns: 120, rows: 12)
    var frames = [FrameRenderer.frame(snapshot, size: size, style: .plain)]
    snapshot.screen = .detail(product, isFavorite: true, isLoading: false)
    frames.append(FrameRenderer.frame(snapshot, size: size, style: .plain))
    snapshot.screen = .search(LineEditor(Self.hostile))
    frames.append(FrameRenderer.frame(snapshot, size: size, style: .plain))
    for frame in frames {
      // The renderer's own sequences only: home, clear line, clear below.
      let own = frame.replacing(ANSI.home, with: "").replacing(ANSI.clearLine, with: "")
        .replacing(ANSI.clearBelow, with: "")
      #expect(!own.contains("\u{1B}") && !own.contains("\u{07}"), "\(own)")
      #expect(own.contains("␛[2J␛[31mRED␛]0;pwned␇"))
    }
  }

  @Test func productTablesAndDetailsPrintedByCommandsAreInert() async {
    let product = Product(id: 7, title: Self.hostile, description: "a\u{1B}[2Jb", category: "c\u{9B}d", price: 2)
    let table = await ProductFormatting.table([product], favorites: []).render(width: nil)
    let detail = ProductFormatting.detail(product, isFavorite: false, style: .plain, width: 80)
    for text in [table, detail] {
      #expect(!text.contains("\u{1B}") && !text.contains("\u{9B}") && !text.contains("\u{07}"))
    }
    #expect(detail.contains("a␛[2Jb"))
  }

  @Test(
    arguments: [
      ("plain", 5), ("Café", 4), ("e\u{301}", 1), ("日本", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국", 4),
      ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2), ("\u{301}", 0), ("\u{200B}", 0),
      ("©", 1), ("©\u{FE0F}", 2), ("\u{3400}\u{4DBF}", 4), ("가\u{302}", 2),
    ] as [(String, Int)])
  func displayWidthCountsCells(text: String, cells: Int) {
    #expect(DisplayWidth.of(text) == cells)
  }

  @Test func cuttingAWideTextNeverSplitsACharacterOrOverflows() {
    #expect(TextTable.fit("日本の包丁", 6) == "日本…")
    #expect(DisplayWidth.of(TextTable.fit("日本の包丁", 6)) == 5)
    #expect(TextTable.fit("ab👍🏽cd", 4) == "ab…")
    #expect(DisplayWidth.prefix("日本", fitting: 3).width == 2)
  }
}
