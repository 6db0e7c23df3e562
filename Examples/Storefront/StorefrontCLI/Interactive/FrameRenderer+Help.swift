extension FrameRenderer {
  /// The keys the help lists, with what each does, in the order they are read.
  static let helpKeys: [(keys: String, does: String)] = [
    ("↑ ↓ j k", "move"), ("PgUp PgDn", "move a screen"),
    ("Home End", "first or last row"), ("g G", "first or last row"), ("n →", "next page"),
    ("r", "refresh (on details: reload)"), ("s", "change the sort"), ("c", "choose a category"),
    ("/", "search (Esc to leave)"), ("Enter", "open details"),
    ("f", "mark or unmark a favourite"), ("e", "edit title/price"),
    ("l", "log in or out"), ("i", "show or hide the inspector"),
    ("?", "this help"), ("Ctrl-Z", "suspend"),
    ("q Ctrl-C", "quit"),
  ]

  static let helpNotes = [
    "The inspector shows what every owner does, live.",
    "In help and details: ↑ ↓ j k PgUp PgDn Home End g G scroll.",
    "s goes through every order, each both ways; c lists one category, in that order. Both are kept for the next start.",
    "The mouse wheel moves the selection in a list and scrolls help and details.",
    "In a field: ← → Home End move, Ctrl-U clears the field, Ctrl-K clears to the end.",
    "In a form: Tab moves between fields, Enter saves, Esc cancels (it asks first when you changed something).",
    "A paste goes into the search field or a form as one line; in the list it is ignored.",
    "Coming back to this terminal refreshes the list when it is older than a minute, as a browser tab does.",
  ]

  /// The help screen: the Devtools page's address when it serves one (on a line of its own, to be
  /// copied), the keys in two columns where they fit, else in one, then the notes wrapped to the
  /// width; taller than the window on a small one, so it scrolls.
  static func help(width: Int, style: Style, devtools: String? = nil) -> [String] {
    let keyWidth = (helpKeys.map { DisplayWidth.of($0.keys) }.max() ?? 0) + 2
    let entries = helpKeys.map {
      $0.keys + String(repeating: " ", count: keyWidth - DisplayWidth.of($0.keys)) + $0.does
    }
    let entryWidth = entries.map(DisplayWidth.of).max() ?? 0
    // First, so it shows without scrolling on a small window.
    var lines = devtools.map { ["Custody Devtools, the owners live in a desktop browser:", $0, ""] } ?? []
    lines += ["Keys", ""]
    if width - 1 >= entryWidth * 2 + 3 {
      for row in stride(from: 0, to: entries.count, by: 2) {
        let left = entries[row] + String(repeating: " ", count: entryWidth + 3 - DisplayWidth.of(entries[row]))
        lines.append(row + 1 < entries.count ? left + entries[row + 1] : entries[row])
      }
    } else {
      lines += entries
    }
    lines.append("")
    for note in helpNotes { lines += ProductFormatting.wrap(note, width: width - 2) }
    lines += ["", "Press any key to go back."]
    return lines.map { style.dim(fit(" " + $0, width)) }
  }

  /// The saved files that could not be used at start, each sentence wrapped to the width.
  static func warnings(_ problems: [String], width: Int, style: Style) -> [String] {
    var lines = [style.bold(fit(" Saved files that could not be used", width)), ""]
    for problem in problems {
      let wrapped = ProductFormatting.wrap(TerminalText.inert(problem), width: width - 2)
      lines += wrapped.map { style.warning(fit(" " + $0, width)) }
      lines.append("")
    }
    lines.append(style.dim(fit(" Press any key to go on.", width)))
    return lines
  }
}
