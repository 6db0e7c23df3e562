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
    let parts = parts(snapshot, rows: size.rows)
    let region = bodyRegion(snapshot, size: size)
    let all = self.body(snapshot, in: region, style: style)
    let page: (lines: [String], position: ScrollPosition?) =
      snapshot.screen.scrolls ? scrolled(all, height: region.height, from: snapshot.scroll) : (all, nil)
    var lines = parts.header ? [header(snapshot, width: width, style: style)] : []
    lines += page.lines.prefix(region.height)
    while lines.count < (parts.header ? 1 : 0) + region.height { lines.append("") }
    if parts.message, let message = message(snapshot, width: width, style: style) { lines.append(message) }
    if parts.status {
      lines.append(status(snapshot, position: page.position, width: width, style: style, timeZone: timeZone))
    }
    if parts.footer { lines.append(footer(snapshot, scrolls: page.position != nil, width: width, style: style)) }
    return lines
  }

  /// Which lines around the body a frame of `rows` lines has: all of them from 6 rows; on a
  /// shorter terminal the keys go first, then the header, the status line and the message (a
  /// question or a failure, the last to go), so the body keeps two lines (a table's header and
  /// its selected row) while it can. A frame never has more lines than the terminal: the lines
  /// past its bottom would scroll the top away.
  static func parts(
    _ snapshot: BrowserSnapshot, rows: Int
  ) -> (header: Bool, message: Bool, status: Bool, footer: Bool, body: Int) {
    let hasMessage = snapshot.question != nil || snapshot.failure != nil || snapshot.notice != nil
    var parts = (header: true, message: hasMessage, status: true, footer: true)
    let rows = max(rows, 1)
    func body() -> Int {
      rows - [parts.header, parts.message, parts.status, parts.footer].filter { $0 }.count
    }
    if rows < 6 {
      if body() < 2 { parts.footer = false }
      if body() < 2 { parts.header = false }
      if body() < 2 { parts.status = false }
      if body() < 2 { parts.message = false }
    }
    return (parts.header, parts.message, parts.status, parts.footer, max(body(), 1))
  }

  /// The region the screen's body is drawn in: every line but the header, the message line
  /// (while there is a message), the status line and the keys, as many of them as the frame has.
  static func bodyRegion(_ snapshot: BrowserSnapshot, size: TerminalSize) -> Region {
    Region(width: max(size.columns, 20), height: parts(snapshot, rows: size.rows).body)
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

  static func time(_ date: Date, _ timeZone: TimeZone) -> String {
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
