import Custody
import Foundation

/// Lays out the inspector panel: beside the browser on a wide terminal, below the table on an
/// ordinary one, and not at all where the browser itself would no longer fit.
///
/// Like ``FrameRenderer`` it is a pure function of its input and the terminal's size: every
/// line fits the width, and there are exactly as many lines as rows.
public enum InspectorPanelRenderer {
  /// Where the panel goes on a terminal of some size.
  public enum Placement: Sendable, Hashable {
    /// To the right of the browser, `columns` wide, on every row.
    case beside(columns: Int)
    /// Between the browser's body and its status line, `rows` high.
    case below(rows: Int)
    /// Nowhere: the browser needs every row.
    case hidden
  }

  /// The fewest rows the browser keeps: a header, a few rows of the table, status and keys.
  static let browserRows = 8

  /// Where the panel goes on a terminal of `size`.
  public static func placement(for size: TerminalSize) -> Placement {
    if size.columns >= 120 && size.rows >= 12 { return .beside(columns: min(64, size.columns - 70)) }
    let rows = size.rows - max(browserRows, size.rows * 2 / 5)
    return rows >= 1 && size.columns >= 20 ? .below(rows: rows) : .hidden
  }

  /// The size the browser keeps on a terminal of `size` while the panel is open.
  static func browserSize(on size: TerminalSize) -> TerminalSize {
    switch placement(for: size) {
    case .hidden: size
    case .below(let rows): TerminalSize(columns: size.columns, rows: size.rows - rows)
    case .beside(let columns): TerminalSize(columns: size.columns - columns - 1, rows: size.rows)
    }
  }

  /// The browser's frame for `snapshot` with `panel` in its place.
  static func frame(
    _ panel: InspectorPanel, around snapshot: BrowserSnapshot, size: TerminalSize, style: Style, timeZone: TimeZone
  ) -> [String] {
    var browser = snapshot
    browser.inspector = nil
    switch placement(for: size) {
    case .hidden:
      return FrameRenderer.lines(browser, size: size, style: style, timeZone: timeZone)
    case .below(let rows):
      let main = FrameRenderer.lines(
        browser, size: TerminalSize(columns: size.columns, rows: size.rows - rows), style: style, timeZone: timeZone)
      return main.dropLast(2) + lines(panel, width: size.columns, height: rows, style: style) + main.suffix(2)
    case .beside(let columns):
      let width = size.columns - columns - 1
      let main = FrameRenderer.lines(
        browser, size: TerminalSize(columns: width, rows: size.rows), style: style, timeZone: timeZone)
      let side = lines(panel, width: columns, height: size.rows, style: style)
      return zip(main, side).map { left, right in padded(left, to: width) + style.dim("│") + right }
    }
  }

  /// The panel alone: exactly `height` lines, each at most `width` characters (not counting
  /// colour sequences).
  public static func lines(_ panel: InspectorPanel, width: Int, height: Int, style: Style) -> [String] {
    guard height > 0, width > 0 else { return Array(repeating: "", count: max(height, 0)) }
    let title = " Inspector · \(panel.owners.count) owners · \(panel.inFlight) in flight, \(panel.waiters) waiting"
    var lines = [style.bold(fit(title + " · i closes", width))]
    let rest = height - 1
    let roomy = rest >= 6
    let logRows = roomy ? max(3, rest / 3) : min(rest, 1)
    let ownerRows = rest - logRows - (roomy ? 1 : 0)
    lines += owners(panel.owners, rows: ownerRows, width: width, style: style)
    if roomy { lines.append(style.dim(fit(" last events", width))) }
    let log = panel.log.map { width < 60 ? $0.text : $0.description }  // times only where they fit
    let shown = log.suffix(height - lines.count)
    if shown.isEmpty && lines.count < height { lines.append(style.dim(fit(" waiting for the first event…", width))) }
    lines += shown.map { fit(" " + $0, width) }
    while lines.count < height { lines.append("") }
    return lines
  }

  /// One line per owner and one per flight, busy owners first when they do not all fit.
  private static func owners(_ owners: [OwnerSummary], rows: Int, width: Int, style: Style) -> [String] {
    guard rows > 0 else { return [] }
    let nameWidth = min(15, max(width / 4, 6))
    func block(_ owner: OwnerSummary) -> [String] {
      let name = fit(owner.name, nameWidth - 1).padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      var block = [fit(" " + name + owner.highlights, width)]
      for flight in owner.flights.prefix(2) { block.append(style.accent(fit("   ⟳ " + flight.description, width))) }
      if owner.flights.count > 2 { block.append(style.accent(fit("   ⟳ \(owner.flights.count - 2) more", width))) }
      return block
    }
    let all = owners.flatMap(block)
    if all.count <= rows { return all }
    // Callers waiting first, then work nobody waits on, then idle owners, and owners that have
    // done nothing yet last; otherwise in order.
    func rank(_ owner: OwnerSummary) -> (Int, Int, Int) {
      (owner.waiters, owner.flights.count, owner.counters == OwnerActivity.Counters() ? 0 : 1)
    }
    let busyFirst = owners.enumerated().sorted { left, right in
      let (a, b) = (rank(left.element), rank(right.element))
      return a != b ? a > b : left.offset < right.offset
    }.map(\.element)
    var lines: [String] = []
    for (index, owner) in busyFirst.enumerated() {
      let next = block(owner)
      let left = busyFirst.count - index
      guard lines.count + next.count <= rows - 1 || (left == 1 && lines.count + next.count <= rows) else {
        lines.append(style.dim(fit(" + \(left) more owners", width)))
        break
      }
      lines += next
    }
    return Array(lines.prefix(rows))
  }

  private static func fit(_ text: String, _ width: Int) -> String {
    TextTable.fit(text, max(width, 0))
  }

  /// `line` padded with spaces to `width` visible characters (colour sequences take none).
  private static func padded(_ line: String, to width: Int) -> String {
    let visible = visibleCount(line)
    return visible >= width ? line : line + String(repeating: " ", count: width - visible)
  }

  /// The characters of `line` without its colour sequences (`ESC [`, digits, `;` or `?`, a
  /// letter). Scanned by hand: a regex literal here was parsed again on every line of every
  /// frame, and cost the panel most of its frame.
  private static func visibleCount(_ line: String) -> Int {
    let bytes = line.utf8
    guard bytes.contains(0x1B) else { return line.count }
    var kept = String.UnicodeScalarView()
    let scalars = Array(line.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\u{1B}", let end = sequenceEnd(scalars, from: index) {
        index = end
        continue
      }
      kept.append(scalars[index])
      index += 1
    }
    return String(kept).count
  }

  /// The index after the colour sequence starting at `start`, or `nil` when none starts there.
  private static func sequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var index = start + 2
    while index < scalars.count, ("0"..."9").contains(scalars[index]) || ";?".unicodeScalars.contains(scalars[index]) {
      index += 1
    }
    let letter = index < scalars.count && (("A"..."Z").contains(scalars[index]) || ("a"..."z").contains(scalars[index]))
    return letter ? index + 1 : nil
  }
}
