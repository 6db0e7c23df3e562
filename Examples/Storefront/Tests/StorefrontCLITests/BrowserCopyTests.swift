import Foundation
import Storefront
import StorefrontCLI
import Testing

/// What the browser's screens say, and how they fit small terminals and no colour.
@Suite struct BrowserCopyTests {
  static let products = (1...40).map { id in
    Product(id: id, title: "Product \(id)", category: "kitchen", price: Double(id), rating: 4)
  }

  func catalog(selection: Int) -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.rows = Self.products
    snapshot.total = 200
    snapshot.selection = selection
    snapshot.marksSelection = true
    return snapshot
  }

  @Test func withoutColourAGutterMarksTheSelectedRow() {
    let lines = FrameRenderer.lines(catalog(selection: 2), size: TerminalSize(columns: 80, rows: 12), style: .plain)
    let marked = lines.filter { $0.hasPrefix("> ") }
    #expect(marked.count == 1)
    #expect(marked.first?.contains("Product 3") == true)
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func onATinyTerminalTheFrameFitsAndShowsTheSelectedRow(rows: Int) {
    for selection in [0, 7, 39] {
      let lines = FrameRenderer.lines(
        catalog(selection: selection), size: TerminalSize(columns: 12, rows: rows), style: .plain)
      #expect(lines.count <= rows, "\(rows) rows: \(lines)")
      #expect(lines.contains { $0.hasPrefix(">") && $0.contains("\(selection + 1) ") }, "\(rows) rows: \(lines)")
    }
  }

  @Test func onATinyTerminalAQuestionStaysOverTheStatusLine() {
    var snapshot = catalog(selection: 0)
    snapshot.question = "Sign out of Emily? Press y to sign out."
    let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 40, rows: 3), style: .plain)
    #expect(lines.count == 3 && lines.contains { $0.contains("Sign out of Emily?") }, "\(lines)")
  }

  @Test func theSignInFormNamesTheServerItSignsInto() {
    var snapshot = BrowserSnapshot()
    snapshot.screen = .login(username: LineEditor(), password: LineEditor(), field: 0)
    snapshot.backendName = "shop.example.com"
    let text = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 100, rows: 20), style: .plain).joined()
    #expect(!text.contains("embedded"))
    #expect(text.contains("Sign in with an account of shop.example.com."))
    snapshot.backendName = "embedded"
    let embedded = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 100, rows: 20), style: .plain).joined()
    #expect(embedded.contains("The embedded backend's demo account: emilys / emilyspass"))
  }

  @Test func theDetailsWrapALongTitle() {
    let title = String(repeating: "Ultra wide ergonomic keyboard ", count: 10) + "END"
    var snapshot = BrowserSnapshot()
    snapshot.screen = .detail(
      Product(id: 1, title: title, category: "c", price: 1, rating: 1), isFavorite: false, isLoading: false)
    for columns in [60, 200] {
      let lines = FrameRenderer.lines(snapshot, size: TerminalSize(columns: columns, rows: 40), style: .plain)
      #expect(lines.joined().contains("END"), "\(columns) columns")
      #expect(!lines.joined().contains("…"), "\(columns) columns")
    }
  }

  @Test func theKeyHintsAndTheStatusReadAsWords() {
    var snapshot = BrowserSnapshot()
    snapshot.screen = .warnings(["A file could not be read."])
    let size = TerminalSize(columns: 100, rows: 20)
    #expect(FrameRenderer.lines(snapshot, size: size, style: .plain).last == " any other key goes on")
    snapshot.screen = .help
    let help = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 100, rows: 60), style: .plain)
    #expect(help.last == " any other key goes back")
    snapshot.screen = .search(LineEditor("pho"))
    snapshot.isLoading = true
    snapshot.spinner = 3
    snapshot.activity = "searching for “pho”"
    #expect(FrameRenderer.lines(snapshot, size: size, style: .plain)[18] == " ⠸ searching for “pho”…")
  }

  @Test func theHelpListsTheNewKeys() {
    var snapshot = BrowserSnapshot()
    snapshot.screen = .help
    let text = FrameRenderer.lines(snapshot, size: TerminalSize(columns: 120, rows: 60), style: .plain).joined()
    for words in ["g G", "mouse wheel", "Ctrl-U clears the field", "paste", "asks first"] {
      #expect(text.contains(words), "\(words)")
    }
  }
}
