import Foundation

extension FrameRenderer {
  /// The status line: what the screen shows (how many rows, in which order, from where, or which
  /// lines of a long text), or why the last key did nothing; then, apart, what is loading.
  static func status(
    _ snapshot: BrowserSnapshot, position: ScrollPosition?, width: Int, style: Style, timeZone: TimeZone
  ) -> String {
    var text = " " + (snapshot.remark ?? facts(snapshot, position: position, timeZone: timeZone))
    if let frame = snapshot.spinner {
      text += (text == " " ? "" : "  ") + spinnerFrames[frame % spinnerFrames.count] + " "
      text += (snapshot.activity ?? "loading") + "…"
    }
    let line = fit(text, width)
    return snapshot.offlineSince == nil ? style.dim(line) : style.warning(line)
  }

  /// What the rows on screen are: their count, their order and where they came from; on a
  /// screen that scrolls, which of its lines show.
  private static func facts(_ snapshot: BrowserSnapshot, position: ScrollPosition?, timeZone: TimeZone) -> String {
    var parts: [String] = []
    switch snapshot.screen {
    case .catalog, .search:
      // Before the first rows, the spinner says what is loading.
      if let total = snapshot.total {
        parts.append(
          "\(snapshot.rows.count) of \(total)" + (snapshot.skipped > 0 ? ", \(snapshot.skipped) unreadable" : ""))
      }
    case .categories(let names, _):
      if names.count > 1 { parts.append("\(names.count - 1) categories") }
    default:
      break
    }
    if snapshot.screen == .catalog {
      if let category = snapshot.category { parts.append("in " + category) }
      parts.append(snapshot.sort.map { "sorted by \($0)" } ?? "sorted by id")
      if let offline = snapshot.offlineSince {
        parts.append("offline, saved \(time(offline, timeZone))")
      } else if let updated = snapshot.updatedAt {
        parts.append("updated \(time(updated, timeZone))")
      }
    }
    if let position { parts.append(position.words) }
    return parts.joined(separator: " · ")
  }

  /// The key hints of the screen, as many as fit: the least needed go first when the line is
  /// too narrow, so the catalog keeps sort, favourite and edit at 80 columns.
  static func footer(_ snapshot: BrowserSnapshot, scrolls: Bool, width: Int, style: Style) -> String {
    // Each hint with its rank: when the line is too narrow, the highest ranks go first.
    var hints: [(String, Int)]
    switch snapshot.screen {
    case _ where snapshot.question != nil: hints = [("y yes", 0), ("any other key means no", 0)]
    case .catalog:
      // ↓ past the last row loads the next page too, so `n` is the first to give way.
      hints = [
        ("↑↓ move", 6), ("n next page", 5), ("r refresh", 3), ("s sort", 2), ("c category", 5), ("/ search", 1),
        ("⏎ open", 0),
        ("f fav", 2), ("e edit", 2), (snapshot.userName == nil ? "l login" : "l logout", 4), ("? help", 0),
        ("q quit", 0),
      ]
    case .search:
      hints = [
        ("type to search", 0), ("←→ cursor", 2), ("Ctrl-U clears", 3), ("↑↓ move", 1), ("⏎ details", 1),
        ("Esc back", 0),
      ]
    case .detail:
      hints = [("r reload", 1), ("f favourite", 2), ("e edit", 2), ("Esc back", 0), ("q quit", 0)]
      if scrolls { hints.insert(("↑↓ scroll", 1), at: 0) }
    case .edit:
      hints = [("Tab next field", 1), ("←→ cursor", 2), ("Ctrl-U clears", 3), ("⏎ save", 0), ("Esc cancel", 0)]
    case .login:
      hints = [("Tab next field", 1), ("←→ cursor", 2), ("Ctrl-U clears", 3), ("⏎ sign in", 0), ("Esc cancel", 0)]
    case .categories: hints = [("↑↓ move", 1), ("⏎ list them", 0), ("r reload", 2), ("Esc back", 0), ("q quit", 1)]
    case .help: hints = (scrolls ? [("↑↓ PgUp PgDn scroll", 1)] : []) + [("any other key goes back", 0)]
    case .warnings: hints = (scrolls ? [("↑↓ PgUp PgDn scroll", 1)] : []) + [("any other key goes on", 0)]
    }
    var shown = hints
    func line() -> String { " " + shown.map(\.0).joined(separator: "  ") }
    while DisplayWidth.of(line()) > width, let lowest = shown.map(\.1).max(), lowest > 0 {
      shown.remove(at: shown.lastIndex { $0.1 == lowest }!)
    }
    return style.dim(fit(line(), width))
  }
}
