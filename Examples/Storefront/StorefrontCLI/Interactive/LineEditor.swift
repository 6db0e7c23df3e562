/// One line of text being typed, with a cursor: the editing keys of a shell's prompt.
///
/// A plain value: keys go in, the text and the cursor come out, so it is tested without a
/// terminal.
///
/// ```swift
/// var field = LineEditor("phne")
/// field.handle(.left); field.handle(.left); field.handle(.character("o"))
/// field.text  // "phone"
/// ```
public struct LineEditor: Sendable, Hashable {
  /// The text typed.
  public private(set) var text: String
  /// Where the next character goes, in characters from the start: 0 through `text.count`.
  public private(set) var cursor: Int

  /// A field holding `text`, with the cursor at its end.
  public init(_ text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// Applies an editing key: a character is inserted at the cursor; ← → Home End (and Ctrl-A,
  /// Ctrl-E) move it; Backspace and Delete remove the character before and after it; Ctrl-U
  /// removes everything before it and Ctrl-K everything after it.
  ///
  /// - Returns: Whether the key is one of these; other keys are left to the screen.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      text.insert(character, at: index(cursor))
      cursor += 1
    case .left: cursor = max(cursor - 1, 0)
    case .right: cursor = min(cursor + 1, text.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .backspace:
      guard cursor > 0 else { return true }
      text.remove(at: index(cursor - 1))
      cursor -= 1
    case .delete:
      guard cursor < text.count else { return true }
      text.remove(at: index(cursor))
    case .control("u"):
      text.removeSubrange(..<index(cursor))
      cursor = 0
    case .control("k"):
      text.removeSubrange(index(cursor)...)
    default:
      return false
    }
    return true
  }

  /// The same field with every character shown as a dot: a password.
  public var masked: LineEditor {
    var masked = LineEditor(String(repeating: "•", count: text.count))
    masked.cursor = cursor
    return masked
  }

  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: offset)
  }
}
