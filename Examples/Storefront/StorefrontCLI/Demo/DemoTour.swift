import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

/// `storefront demo`: six short scenes that make the architecture visible, each ending with
/// the numbers the embedded backend saw.
///
/// This is the one part of the command line that drives owners directly (the repository's
/// `SingleFlight` and `Cache`, the session's `TokenStore`) and reads the backend's counters:
/// its purpose is to show what those owners do, which a screen deliberately cannot see. Each
/// scene gets its own backend and a temporary data folder, removed at the end.
@MainActor
struct DemoTour {
  let console: Console
  let style: Style
  /// Whether each scene prints the events its owners reported (`--inspect`).
  var inspects = false
  /// The recorder of the scene running, while inspecting.
  let tracing = LockedState<TraceRecorder?>(nil)

  func run() async -> Int32 {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "storefront-demo-\(ProcessInfo.processInfo.processIdentifier)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: folder) }
    say(style.bold("Storefront demo") + ": every number below is counted by the embedded backend.")
    do {
      try await coalescing(in: folder.appending(path: "1"))
      await printTrace()
      try await staleLoadDropped(in: folder.appending(path: "2"))
      await printTrace()
      try await tokenRefreshedOnce(in: folder.appending(path: "3"))
      await printTrace(focus: ["session"])
      try await cancelledLoad(in: folder.appending(path: "4"))
      await printTrace()
      try await composedWrites(in: folder.appending(path: "5"))
      await printTrace(focus: ["products"])
      try await restartFromKeptProducts(in: folder.appending(path: "6"))
      await printTrace(focus: ["products"])
    } catch {
      console.writeError("storefront: the demo stopped: \(FailureCopy.message(for: error) ?? "cancelled").\n")
      return 1
    }
    say(
      "\nEach rule named above is also a test. The Custody article “Watching your owners” "
        + "(Sources/Custody/Custody.docc/WatchingYourOwners.md) shows how each rule reads in these events.")
    return 0
  }

  /// Prints `line`, wrapped between words to the terminal's width (under its own indent), so
  /// a narrow window never breaks a word; unwrapped when the output is not a terminal.
  func say(_ line: String) {
    console.write((console.width.map { Self.wrapped(line, width: $0) } ?? line) + "\n")
  }

  /// `line` in lines of at most `width` visible columns (colour codes take none), each after
  /// the first indented as the line is, plus two.
  nonisolated static func wrapped(_ line: String, width: Int) -> String {
    var text = Substring(line)
    let leading = text.prefix { $0 == "\n" }
    text = text.dropFirst(leading.count)
    let indent = String(repeating: " ", count: text.prefix { $0 == " " }.count + 2)
    var lines: [String] = []
    var current = ""
    var used = 0
    var hasWord = false
    // Splitting keeps empty words, so the indent is rebuilt by the spaces between them.
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let cells = DisplayWidth.of(visible(word))
      if hasWord, used > indent.count, used + 1 + cells > width {
        lines.append(current)
        (current, used, hasWord) = (indent, indent.count, false)
      }
      if hasWord {
        current += " "
        used += 1
      }
      current += word
      used += cells
      hasWord = true
    }
    lines.append(current)
    return String(leading) + lines.joined(separator: "\n")
  }

  /// `text` without its escape sequences (the `ESC [ … m` of colours and weights).
  private nonisolated static func visible(_ text: Substring) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A scene's title line, naming the owners it shows and the rules of theirs it demonstrates,
  /// so a reader can look each rule up.
  func scene(_ number: Int, _ title: String, _ owners: String, rules: [String]) {
    let named = (rules.count == 1 ? "rule " : "rules ") + rules.joined(separator: ", ")
    say("\n" + style.bold("\(number). \(title)") + style.dim("  (\(owners) · \(named))"))
  }

  func result(_ line: String) {
    say("   " + style.accent("✓") + " " + line)
  }

  func step(_ line: String) {
    say("   " + line)
  }

  /// A backend and an environment over it, with files in `folder`: `now` is the server's clock,
  /// `appNow` the app's.
  func open(
    _ configuration: EmbeddedBackend.Configuration, in folder: URL, now: @escaping @Sendable () -> Date = { Date() },
    appNow: @escaping @Sendable () -> Date = { Date() }, transport: ((EmbeddedBackend) -> any HTTPTransport)? = nil
  ) async throws -> (EmbeddedBackend, StorefrontEnvironment) {
    let backend = try EmbeddedBackend(configuration: configuration, now: now)
    var storefront = StorefrontConfiguration(
      baseURL: configuration.baseURL, transport: transport?(backend) ?? backend, dataDirectory: folder, retry: nil,
      now: appNow)
    if inspects {
      let recorder = TraceRecorder()
      storefront.inspector = recorder
      tracing.withLock { $0 = recorder }
    }
    let environment = try await StorefrontEnvironment.open(storefront)
    return (backend, environment)
  }
}
