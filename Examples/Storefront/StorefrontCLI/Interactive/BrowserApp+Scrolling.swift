extension BrowserApp {
  /// Opens `mode` on top of the current screen, from its first line if it scrolls.
  func open(_ mode: Mode) {
    scrolls[mode] = 0
    modes.append(mode)
  }

  /// Scrolls the current screen (help, details, warnings) for `key`, as a pager does; returns
  /// whether `key` is one that scrolls.
  func scroll(by key: Key) -> Bool {
    let range = FrameRenderer.scrollRange(snapshot(), size: size)
    let now = min(scrolls[mode] ?? 0, range.limit)
    let next: Int
    switch key {
    case .up, .character("k"): next = now - 1
    case .down, .character("j"): next = now + 1
    case .pageUp: next = now - range.page
    case .pageDown, .character(" "): next = now + range.page
    case .home, .character("g"): next = 0
    case .end, .character("G"): next = range.limit
    default: return false
    }
    scrolls[mode] = min(max(next, 0), range.limit)
    return true
  }
}
