import Foundation
import Storefront

/// Draws one frame of the browser: a pure function of a ``BrowserSnapshot`` and the terminal's
/// size, returned as one string to write with one `write(2)`.
///
/// The frame starts at the top-left corner and clears each line just before writing it, in the
/// same write, so nothing of the previous frame shows through and the screen never flickers blank.
public enum FrameRenderer {
  public static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The frame's lines without control sequences around them, exactly `size.rows` of them,
  /// each at most `size.columns` characters (not counting colour sequences).
  public static func lines(
    _ snapshot: BrowserSnapshot, size: TerminalSize, style: Style, timeZone: TimeZone = .current
  ) -> [String] {
    if let panel = snapshot.inspector {
      return InspectorPanelRenderer.frame(panel, around: snapshot, size: size, style: style, timeZone: timeZone)
    }
    let width = max(size.columns, 20)
    let height = max(size.rows, 6)
    var body: [String] = []
    switch snapshot.screen {
    case .catalog:
      body = table(snapshot, height: height - 3, width: width, style: style)
    case .search(let query):
      body = [style.bold("Search: ") + fit(query, width - 9) + "▏"]
      if query.trimmingCharacters(in: .whitespaces).isEmpty {
        body.append(style.dim(fit("Type to search titles and descriptions.", width)))
      } else if snapshot.rows.isEmpty {
        if !snapshot.isLoading && snapshot.failure == nil { body.append(style.dim("No products match.")) }
      } else {
        body += table(snapshot, height: height - 4, width: width, style: style)
      }
    case .detail(let product, let isFavorite):
      if let product {
        let text = ProductFormatting.detail(product, isFavorite: isFavorite, style: .plain, width: width - 2)
        body = text.split(separator: "\n", omittingEmptySubsequences: false).map { fit(" " + $0, width) }
        if !body.isEmpty { body[0] = style.bold(body[0]) }
      } else {
        body = [style.dim(" Loading…")]
      }
    case .edit(let productTitle, let title, let price, let field, let problem):
      body = [
        style.bold(fit(" Edit “\(productTitle)”", width)), "",
        formField(label: "Title", value: title, active: field == 0, width: width, style: style),
        formField(label: "Price", value: price, active: field == 1, width: width, style: style), "",
      ]
      if let problem { body.append(style.failure(fit(" " + problem, width))) }
    case .login(let username, let passwordLength, let field):
      body = [
        style.bold(" Sign in"), "",
        formField(label: "Username", value: username, active: field == 0, width: width, style: style),
        formField(
          label: "Password", value: String(repeating: "•", count: passwordLength), active: field == 1, width: width,
          style: style),
        "", style.dim(fit(" The embedded backend's demo account: emilys / emilyspass", width)),
      ]
    case .help:
      body = helpLines.map { style.dim(fit(" " + $0, width)) }
    }
    var lines = [header(snapshot, width: width, style: style)]
    lines += body.prefix(height - 3)
    while lines.count < height - 2 { lines.append("") }
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

  /// The first row shown when `selection` is selected and `visible` rows fit: whole screens,
  /// so "next page" shows the new rows on a fresh screen.
  public static func firstVisibleRow(selection: Int, visible: Int) -> Int {
    guard visible > 0 else { return 0 }
    return (max(selection, 0) / visible) * visible
  }

  static let helpLines = [
    "Keys", "",
    "↑ ↓ j k      move              PgUp PgDn   move a screen",
    "n →          next page         r           refresh",
    "s            change the sort   /           search (Esc to leave)",
    "Enter        open details      f           mark or unmark a favourite",
    "e            edit title/price  l           log in or out",
    "?            this help         q Ctrl-C    quit",
    "i            show or hide the inspector: what every owner does, live", "",
    "In a form: Tab moves between fields, Enter saves, Esc cancels.", "",
    "Press any key to go back.",
  ]

  private static func table(_ snapshot: BrowserSnapshot, height: Int, width: Int, style: Style) -> [String] {
    let table = ProductFormatting.table(snapshot.rows, favorites: snapshot.favorites)
    let widths = table.widths(fitting: width)
    var lines = [style.dim(fit(table.line(table.columns.map(\.title), widths), width))]
    let visible = max(height - 1, 1)
    let first = firstVisibleRow(selection: snapshot.selection, visible: visible)
    for index in first..<min(first + visible, table.rows.count) {
      let line = fit(table.line(table.rows[index], widths), width)
      if index == snapshot.selection {
        lines.append(style.selected(line.padding(toLength: width, withPad: " ", startingAt: 0)))
      } else if snapshot.favorites.contains(snapshot.rows[index].id) {
        lines.append(style.favorite(line))
      } else {
        lines.append(line)
      }
    }
    return lines
  }

  private static func formField(label: String, value: String, active: Bool, width: Int, style: Style) -> String {
    let text = fit(" \(active ? "▸" : " ") \(label): \(value)\(active ? "▏" : "")", width)
    return active ? style.bold(text) : text
  }

  private static func header(_ snapshot: BrowserSnapshot, width: Int, style: Style) -> String {
    let left = " Storefront · \(snapshot.backendName)"
    let right = (snapshot.userName.map { "signed in as \($0)" } ?? "not signed in") + " "
    let gap = width - left.count - right.count
    guard gap >= 1 else { return style.bold(fit(left, width)) }
    return style.bold(left) + String(repeating: " ", count: gap) + style.dim(right)
  }

  private static func status(_ snapshot: BrowserSnapshot, width: Int, style: Style, timeZone: TimeZone) -> String {
    var parts: [String] = []
    switch snapshot.screen {
    case .catalog, .search:
      parts.append("\(snapshot.rows.count) of \(snapshot.total)")
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
    if let failure = snapshot.failure { return style.failure(fit(" " + failure, width)) }
    if let notice = snapshot.notice { return style.accent(fit(" " + notice, width)) }
    let hints: String
    switch snapshot.screen {
    case .catalog:
      hints = " ↑↓ move  n next page  r refresh  s sort  / search  ⏎ details  f fav  e edit  l login  ? help  q quit"
    case .search: hints = " type to search  ↑↓ move  ⏎ details  Esc back"
    case .detail: hints = " f favourite  e edit  Esc back  q quit"
    case .edit, .login: hints = " Tab next field  ⏎ save  Esc cancel"
    case .help: hints = " any key: back"
    }
    return style.dim(fit(hints, width))
  }

  private static func time(_ date: Date, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  private static func fit(_ text: some StringProtocol, _ width: Int) -> String {
    TextTable.fit(String(text), max(width, 0))
  }
}
