extension FrameRenderer {
  /// Which lines of a screen taller than its region show.
  struct ScrollPosition: Sendable, Hashable {
    /// The index of the first line shown.
    var first: Int
    /// How many lines show.
    var shown: Int
    /// How many lines the screen has.
    var count: Int

    /// "lines 4–12 of 30 · ↑ more above · ↓ more below", for the status line.
    var words: String {
      var words = "lines \(first + 1)–\(first + shown) of \(count)"
      if first > 0 { words += " · ↑ more above" }
      if first + shown < count { words += " · ↓ more below" }
      return words
    }
  }

  /// The `height` lines of `all` from line `scroll` on, kept within the text so the region is
  /// full, and where they are; all of them and no position when they fit.
  static func scrolled(_ all: [String], height: Int, from scroll: Int) -> (lines: [String], position: ScrollPosition?) {
    guard height > 0, all.count > height else { return (all, nil) }
    let first = min(max(scroll, 0), all.count - height)
    return (Array(all[first..<first + height]), ScrollPosition(first: first, shown: height, count: all.count))
  }

  /// How far the screen of `snapshot` scrolls on a terminal of `size`: the last line it can start
  /// from (0 when it fits), and how many lines a page moves.
  public static func scrollRange(_ snapshot: BrowserSnapshot, size: TerminalSize) -> (limit: Int, page: Int) {
    var browser = snapshot
    browser.inspector = nil
    let size = snapshot.inspector == nil ? size : InspectorPanelRenderer.browserSize(on: size)
    let region = bodyRegion(browser, size: size)
    let page = max(region.height - 1, 1)
    guard browser.screen.scrolls else { return (0, page) }
    return (max(body(browser, in: region, style: .plain).count - region.height, 0), page)
  }
}
