import Foundation
import Storefront
import StorefrontCLI
import Testing

/// The browser while the server fails or a form fails, driven through a pseudo-terminal: the
/// screen says what happened, keeps its keys, and leaves nothing stale behind.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserFailureTests {
  /// A data folder whose saved page lists `products`, so the browser has rows to show while
  /// every request fails.
  static func savedPage(_ products: [Product]) throws -> DataFolder {
    let data = try DataFolder()
    let page = CatalogSnapshot(
      products: products, total: products.count, sort: nil, savedAt: Date(),
      server: URL(string: "http://storefront.embedded"))
    try JSONEncoder().encode(page).write(to: data.url.appending(path: "catalog.json"))
    return data
  }

  @Test func aProductThatFailsToLoadSaysSoKeepsItsKeysAndReloadsOnR() async throws {
    let data = try Self.savedPage([Product(id: 1, title: "Brass desk lamp", price: 12)])
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "200", "--failure-rate", "1"])
    try await terminal.read(until: "Brass desk lamp")
    var mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "could not be loaded", after: mark)
    var frame = terminal.lastFrame(after: mark)
    #expect(!frame.joined().contains("Loading…"), "\(frame)")
    #expect(frame.last?.contains("r reload") == true && frame.last?.contains("Esc back") == true)

    mark = terminal.mark
    terminal.send("r")
    try await terminal.read(until: "loading the product…", after: mark)  // a new request, with the spinner
    try await terminal.read(until: "could not be loaded", after: mark)
    frame = terminal.lastFrame(after: mark)
    #expect(frame.last?.contains("r reload") == true)
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func theFirstLoadSaysItIsLoadingInsteadOfCountingNothing() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "300"])
    try await terminal.read(until: "30 of 200")
    let screens = PseudoTerminal.plain(terminal.transcript)
    #expect(screens.contains("loading the first page of products…"))
    #expect(!screens.contains("0 of 0"))
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func aFailedSignInLeavesNoErrorBehindWhenTheFormCloses() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"])
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("l")
    try await terminal.read(until: "⏎ sign in", after: mark)  // the form's own verb
    terminal.send("emilys\twrong-password\r")
    try await terminal.read(until: "Wrong username or password.", after: mark)

    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "sorted by id", after: mark)
    #expect(!terminal.lastFrame(after: mark).joined().contains("Wrong"), "the list does not show the form's error")

    mark = terminal.mark
    terminal.send("l")
    try await terminal.read(until: "Sign in", after: mark)
    #expect(!terminal.lastFrame(after: mark).joined().contains("Wrong"), "the form opens without the old error")
    terminal.send("\u{1B}")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func aHostileTitleNeitherClearsTheScreenNorRenamesTheWindow() async throws {
    let hostile = "\u{1B}[2J\u{1B}[31mRED\u{1B}]0;pwned\u{07}"
    let data = try Self.savedPage([
      Product(id: 1, title: hostile, category: "\u{1B}[1Aup", price: 1),
      Product(id: 2, title: "Plain mug", price: 2),
    ])
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0", "--failure-rate", "1"])
    try await terminal.read(until: "Plain mug")
    let mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "could not be loaded", after: mark)
    let output = terminal.transcript
    for sequence in ["\u{1B}[2J", "\u{1B}]0;", "\u{07}", "\u{1B}[1A"] {
      #expect(!output.contains(sequence), "the terminal received \(sequence.debugDescription)")
    }
    #expect(PseudoTerminal.plain(output).contains("␛[2J␛[31mRED␛]0;pwned␇"), "shown as text")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func aFocusInTriesTheSavedPageAgainAndNoReportReachesAField() async throws {
    let data = try Self.savedPage([Product(id: 1, title: "Brass desk lamp", price: 12)])
    let terminal = try PseudoTerminal(
      arguments: ["--data-dir", data.path, "--latency", "300", "--failure-rate", "1"])
    try await terminal.read(until: "Brass desk lamp")
    #expect(terminal.transcript.contains("\u{1B}[?1004h"), "focus reports asked for")
    // The saved rows show before the live page's spinner does. A request has ended once a frame
    // without the spinner follows one with it.
    func aRequestEnded(after mark: Int) -> (PseudoTerminal) -> Bool {
      { terminal in
        let frame = terminal.lastFrame().joined()
        return PseudoTerminal.plain(terminal.output(after: mark)).contains("loading the live catalog…")
          && frame.contains("offline, saved") && !frame.contains("…")
      }
    }
    try await terminal.read(until: aRequestEnded(after: 0))  // the live page failed: the saved one shows

    var mark = terminal.mark
    terminal.send("\u{1B}[O\u{1B}[I")  // away and back, as switching windows does
    try await terminal.read(until: aRequestEnded(after: mark))  // a new request, with the spinner, failed too
    #expect(terminal.lastFrame().joined().contains("Brass desk lamp"), "the saved rows stay")

    mark = terminal.mark
    terminal.send("/ab\u{1B}[O\u{1B}[Ic")
    try await terminal.read(until: "abc", after: mark)
    #expect(!terminal.lastFrame(after: mark).joined().contains("[I"), "the report is not text")
    terminal.send("\u{1B}")
    terminal.send("q")
    try await terminal.readToEnd()
    #expect(terminal.transcript.hasSuffix(ANSI.leave), "focus reports off with the rest")
  }
}
