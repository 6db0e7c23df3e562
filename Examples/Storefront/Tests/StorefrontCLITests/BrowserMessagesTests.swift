import Foundation
import StorefrontCLI
import Testing

/// Where the browser's messages show, driven through a pseudo-terminal: a form's on the form,
/// and the damaged files of the data folder on the first screen.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserMessagesTests {
  /// Every file the browser keeps in its data folder.
  static let dataFiles = [
    "session.json", "favorites.json", "catalog.json", "preferences.json", "embedded-backend.json",
  ]

  @Test func aPriceTheServerWouldIgnoreIsSaidOnTheFormAndLeavesWithIt() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], columns: 100, rows: 24)
    try await terminal.read(until: "30 of 200")
    var mark = terminal.mark
    terminal.send("\r")
    try await terminal.read(until: "Category:", after: mark)
    terminal.send("e")
    try await terminal.read(until: "⏎ save", after: mark)
    mark = terminal.mark
    terminal.send("\t\u{15}0\r")  // the public service ignores a price of 0: the form says so before sending
    try await terminal.read(until: "must be above zero", after: mark)
    let form = terminal.lastFrame(after: mark)
    let price = try #require(form.firstIndex { $0.hasPrefix(" ▸ Price: 0") })
    #expect(form[price + 2].hasPrefix(" The price must be above zero"), "under the fields: \(form)")
    #expect(form.filter { $0.contains("above zero") }.count == 1, "said once, on the form: \(form)")

    mark = terminal.mark
    terminal.send("\u{1B}")
    try await terminal.read(until: "Throw away your changes", after: mark)  // the price was edited
    terminal.send("y")
    try await terminal.read(until: "r reload", after: mark)  // the details again
    #expect(!terminal.lastFrame(after: mark).joined().contains("above zero"), "the form took its words with it")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func damagedFilesAreNamedOnTheFirstScreenAndPrintedForAfterQuitting() async throws {
    let data = try DataFolder()
    for file in Self.dataFiles { try Data("garbage".utf8).write(to: data.url.appending(path: file)) }
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], columns: 120, rows: 34)
    try await terminal.read(until: "Saved files that could not be used")
    try await terminal.read(until: "Press any key to go on.")
    // The sentences are wrapped: read them as one text.
    let screen = terminal.lastFrame().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    for file in Self.dataFiles {
      #expect(screen.contains("/\(file) is damaged (it is not valid JSON)"), "\(file) in \(screen)")
      #expect(screen.contains("moved aside as \(file).corrupt-"), "\(file) in \(screen)")
    }

    let mark = terminal.mark
    terminal.send("x")
    try await terminal.read(until: "30 of 200", after: mark)  // any key goes on to the list
    terminal.send("q")
    try await terminal.readToEnd()
    // Printed before the browser takes the screen, so the shell shows them once it gives it back.
    let transcript = terminal.transcript
    let warning = try #require(transcript.firstRange(of: "storefront: warning: "))
    let screenTaken = try #require(transcript.firstRange(of: "\u{1B}[?1049h"))
    #expect(warning.lowerBound < screenTaken.lowerBound)
    #expect(transcript.ranges(of: "storefront: warning: ").count == Self.dataFiles.count)
  }
}
