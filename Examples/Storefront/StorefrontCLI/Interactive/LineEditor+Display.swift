extension LineEditor {
  /// What of the field shows in `width` cells, made inert: the characters just before the
  /// cursor that fit beside a one-cell bar, and after it as many as still fit.
  ///
  /// The field scrolls so that the cursor is always on screen. Only the characters shown are
  /// measured, so a long field costs no more to draw than a short one.
  ///
  /// ```swift
  /// var field = LineEditor("a long query")
  /// field.handle(.home)
  /// field.visible(in: 6)  // (before: "", after: "a lon")
  /// ```
  public func visible(in width: Int) -> (before: String, after: String) {
    let room = max(width - 1, 0)
    var used = 0
    var start = cursor
    var shown: [String] = []
    while start > 0 {
      // Each character is made inert on its own: a control could join its neighbour otherwise.
      let text = TerminalText.inert(String(characters[start - 1]))
      let cells = DisplayWidth.of(text)
      guard used + cells <= room else { break }
      used += cells
      shown.append(text)
      start -= 1
    }
    var after = ""
    var end = cursor
    while end < characters.count {
      let text = TerminalText.inert(String(characters[end]))
      let cells = DisplayWidth.of(text)
      guard used + cells <= room else { break }
      used += cells
      after += text
      end += 1
    }
    return (shown.reversed().joined(), after)
  }
}
