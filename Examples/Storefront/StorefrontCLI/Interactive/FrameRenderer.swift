import Foundation
import Storefront

/// Draws one frame of the browser: a pure function of a ``BrowserSnapshot`` and the terminal's
/// size, returned as one string to write with one `write(2)`.
///
/// The frame is a header line, the screen's body, a message line while there is a failure, a
/// notice or a question, the status line and the key hints. The body is drawn into a
/// ``Region`` of its own, so a panel can be placed beside or below it by splitting the region.
/// Every text that came from outside the program is made inert (``TerminalText``) and measured
/// in cells (``DisplayWidth``), so no line is wider than the terminal.
///
/// The frame starts at the top-left corner and clears each line just before writing it, in the
/// same write, so nothing of the previous frame shows through and the screen never flickers blank.
public enum FrameRenderer {
  public static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// A rectangle of the frame, in cells.
  public struct Region: Sendable, Hashable {
    /// Columns, in cells.
    public var width: Int
    /// Lines.
    public var height: Int

    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// The frame's lines without control sequences around them, exactly `size.rows` of them,
  /// each at most `size.columns` cells wide (not counting colour sequences).
  public static func lines(
    _ snapshot: BrowserSnapshot, size: TerminalSize, style: Style, timeZone: TimeZone = .current
  ) -> [String] {
    if let panel = snapshot.inspector {
      return InspectorPanelRenderer.frame(panel, around: snapshot, size: size, style: style, timeZone: timeZone)
    }
    let width = max(size.columns, 20)
    let height = max(size.rows, 6)
    let message = message(snapshot, width: width, style: style)
    let body = Region(width: width, height: height - 3 - (message == nil ? 0 : 1))
    var lines = [header(snapshot, width: width, style: style)]
    lines += self.body(snapshot, in: body, style: style).prefix(body.height)
    while lines.count < 1 + body.height { lines.append("") }
    if let message { lines.append(message) }
    lines.append(status(snapshot, width: width, style: style, timeZone: timeZone))
    lines.append(footer(snapshot, width: width, style: style))
    return lines
  }

  /// The frame as written to the terminal.
  public static func frame(
    _ snapshot: BrowserSnapshot, size: TerminalSize, style: Style, timeZone: TimeZone = .current
  ) -> String {
    let lines = lines(snapshot, size: size, style: style, timeZone: timeZone)
    // Each line is cleared before it is written, not after: with the cursor on the last column,
    // clearing to the end would erase the character written there.
    return ANSI.home + lines.map { ANSI.clearLine + $0 }.joined(separator: "\r\n") + ANSI.clearBelow
  }

  /// The first of `count` rows shown when `selection` is selected and `visible` rows fit.
  ///
  /// Whole screens, so "next page" shows the new rows on a fresh screen; but never past the
  /// point where the last row reaches the bottom, so the screen is full whenever there are rows
  /// enough, and the selection (kept within the rows) is always on it.
  public static func firstVisibleRow(selection: Int, visible: Int, count: Int) -> Int {
    guard visible > 0, count > 0 else { return 0 }
    let selection = min(max(selection, 0), count - 1)
    return min((selection / visible) * visible, max(count - visible, 0))
  }

  private static func header(_ snapshot: BrowserSnapshot, width: Int, style: Style) -> String {
    let left = " Storefront · " + TerminalText.inert(snapshot.backendName)
    let right = (snapshot.userName.map { "signed in as " + TerminalText.inert($0) } ?? "not signed in") + " "
    let gap = width - DisplayWidth.of(left) - DisplayWidth.of(right)
    guard gap >= 1 else { return style.bold(fit(left, width)) }
    return style.bold(left) + String(repeating: " ", count: gap) + style.dim(right)
  }

  /// A failure, a question or a notice, most pressing first; `nil` when there is none.
  private static func message(_ snapshot: BrowserSnapshot, width: Int, style: Style) -> String? {
    if let question = snapshot.question { return style.bold(fit(" " + question, width)) }
    if let failure = snapshot.failure { return style.failure(fit(" " + failure, width)) }
    if let notice = snapshot.notice { return style.accent(fit(" " + notice, width)) }
    return nil
  }

  private static func status(_ snapshot: BrowserSnapshot, width: Int, style: Style, timeZone: TimeZone) -> String {
    var parts: [String] = []
    switch snapshot.screen {
    case .catalog, .search:
      if let total = snapshot.total {
        parts.append("\(snapshot.rows.count) of \(total)")
      } else if snapshot.isLoading {
        parts.append("loading products")
      }
      if case .catalog = snapshot.screen {
        parts.append(snapshot.sort.map { "sorted by \($0)" } ?? "sorted by id")
      }
    default:
      break
    }
    if snapshot.screen == .catalog {
      if let offline = snapshot.offlineSince {
        parts.append("offline, saved \(time(offline, timeZone))")
      } else if let updated = snapshot.updatedAt {
        parts.append("updated \(time(updated, timeZone))")
      }
    }
    var text = " " + parts.joined(separator: " · ")
    if let frame = snapshot.spinner { text += "  " + spinnerFrames[frame % spinnerFrames.count] + " loading…" }
    let line = fit(text, width)
    return snapshot.offlineSince == nil ? style.dim(line) : style.warning(line)
  }

  private static func footer(_ snapshot: BrowserSnapshot, width: Int, style: Style) -> String {
    // Each hint with its rank: when the line is too narrow, the highest ranks go first.
    let hints: [(String, Int)]
    switch snapshot.screen {
    case _ where snapshot.question != nil: hints = [("y yes", 0), ("any other key: no", 0)]
    case .catalog:
      hints = [
        ("↑↓ move", 0), ("n next page", 3), ("r refresh", 2), ("s sort", 4), ("/ search", 1), ("⏎ details", 0),
        ("f fav", 5), ("e edit", 5), (snapshot.userName == nil ? "l login" : "l logout", 2), ("? help", 0),
        ("q quit", 0),
      ]
    case .search:
      hints = [
        ("type to search", 0), ("←→ cursor", 2), ("Ctrl-U clear", 3), ("↑↓ move", 1), ("⏎ details", 1), ("Esc back", 0),
      ]
    case .detail: hints = [("r reload", 1), ("f favourite", 2), ("e edit", 2), ("Esc back", 0), ("q quit", 0)]
    case .edit: hints = [("Tab next field", 1), ("←→ cursor", 2), ("⏎ save", 0), ("Esc cancel", 0)]
    case .login: hints = [("Tab next field", 1), ("←→ cursor", 2), ("⏎ sign in", 0), ("Esc cancel", 0)]
    case .help: hints = [("any key: back", 0)]
    }
    var shown = hints
    func line() -> String { " " + shown.map(\.0).joined(separator: "  ") }
    while DisplayWidth.of(line()) > width, let lowest = shown.map(\.1).max(), lowest > 0 {
      shown.remove(at: shown.lastIndex { $0.1 == lowest }!)
    }
    return style.dim(fit(line(), width))
  }

  private static func time(_ date: Date, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  /// `text` made inert and cut to `width` cells.
  static func fit(_ text: some StringProtocol, _ width: Int) -> String {
    TextTable.fit(TerminalText.inert(String(text)), max(width, 0))
  }
}
