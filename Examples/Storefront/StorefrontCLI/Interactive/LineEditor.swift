/// One line of text being typed, with a cursor: the editing keys of a shell's prompt.
///
/// A plain value: keys go in, the text and the cursor come out, so it is tested without a
/// terminal. The text is kept as its characters (grapheme clusters) and the cursor as a
/// position among them, so every key costs the same however long the line is, and the cursor
/// is always between two characters as the user sees them. A combining mark typed after a
/// letter joins it (`e` then U+0301 is one character, `é`), as do the parts of an emoji
/// sequence or a flag; the cursor stays after the character they make.
///
/// ```swift
/// var field = LineEditor("phne")
/// field.handle(.left); field.handle(.left); field.handle(.character("o"))
/// field.text  // "phone"
/// ```
public struct LineEditor: Sendable, Hashable {
  /// The characters typed, one grapheme cluster each, as `text` segments them.
  public private(set) var characters: [Character]
  /// Where the next character goes, in characters from the start: 0 through `characters.count`.
  public private(set) var cursor: Int
  /// The most characters typing may bring the field to; `nil` for no limit. A field given a
  /// longer text keeps it whole, and only grows no further.
  public let countLimit: Int?

  /// A field holding `text`, with the cursor at its end.
  public init(_ text: String = "", countLimit: Int? = nil) {
    characters = Array(text)
    cursor = characters.count
    self.countLimit = countLimit
  }

  /// The text typed.
  public var text: String { String(characters) }

  /// How many characters the field holds.
  public var count: Int { characters.count }

  /// Applies an editing key: a character is inserted at the cursor; ← → Home End (and Ctrl-A,
  /// Ctrl-E) move it; Backspace and Delete remove the character before and after it; Ctrl-U
  /// clears the field, as its hint says, and Ctrl-K removes everything after the cursor.
  ///
  /// - Returns: Whether the key is one of these; other keys are left to the screen.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .left: cursor = max(cursor - 1, 0)
    case .right: cursor = min(cursor + 1, characters.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .backspace: if cursor > 0 { replace(cursor - 1..<cursor, with: "") }
    case .delete: if cursor < characters.count { replace(cursor..<cursor + 1, with: "") }
    case .control("u"): replace(0..<characters.count, with: "")
    case .control("k"): replace(cursor..<characters.count, with: "")
    default: return false
    }
    return true
  }

  /// Inserts `text` at the cursor as typing it would, in one step: a paste costs time in
  /// proportion to its length, not to its length times the line's.
  ///
  /// When ``countLimit`` leaves room for fewer characters than `text` has, its first
  /// characters are kept and the rest left out.
  ///
  /// - Returns: How many characters of `text` were left out for want of room.
  @discardableResult
  public mutating func insert(_ text: String) -> Int {
    guard let countLimit else {
      replace(cursor..<cursor, with: text, cursorAfterInsertion: true)
      return 0
    }
    let room = max(countLimit - characters.count, 0)
    var end = text.startIndex
    var kept = 0
    while kept < room, end < text.endIndex {
      text.formIndex(after: &end)
      kept += 1
    }
    let left = end == text.endIndex ? 0 : text[end...].count
    if kept > 0 { replace(cursor..<cursor, with: text[..<end], cursorAfterInsertion: true) }
    return left
  }

  /// The same field with every character shown as a dot: a password.
  public var masked: LineEditor {
    var masked = LineEditor(String(repeating: "•", count: characters.count))
    masked.cursor = cursor
    return masked
  }

  /// The characters at the start of `keys`, as one text, and how many keys they are: what
  /// a screen with a field types in one ``insert(_:)`` instead of key by key.
  public static func leadingText(of keys: ArraySlice<Key>) -> (text: String, keys: Int) {
    var text = ""
    var used = 0
    for key in keys {
      guard case .character(let character) = key else { break }
      text.append(character)
      used += 1
    }
    return (text, used)
  }

  /// Replaces the characters in `range` with `text` and segments again where the new
  /// neighbours meet, so a mark that now follows a letter joins it. The cursor goes to the
  /// character boundary at or after the end of `text` when `cursorAfterInsertion`, else at or
  /// before where `range` was.
  ///
  /// Joining is local: a character can only change where its neighbours changed. The window
  /// widens while its edge characters would join the ones beside it (a long run of flags can
  /// pair anew), doubling each time, so the work stays in proportion to what changed.
  private mutating func replace(_ range: Range<Int>, with text: some StringProtocol, cursorAfterInsertion: Bool = false)
  {
    var lower = max(range.lowerBound - 1, 0)
    var upper = min(range.upperBound + 1, characters.count)
    var step = 1
    while true {
      var window = String(characters[lower..<range.lowerBound])
      let target = window.unicodeScalars.count + (cursorAfterInsertion ? text.unicodeScalars.count : 0)
      window += text
      window.append(contentsOf: characters[range.upperBound..<upper])
      let segments = Array(window)
      if lower > 0, let first = segments.first, !Self.isBoundary(characters[lower - 1], first) {
        lower = max(lower - step, 0)
      } else if upper < characters.count, let last = segments.last, !Self.isBoundary(last, characters[upper]) {
        upper = min(upper + step, characters.count)
      } else {
        characters.replaceSubrange(lower..<upper, with: segments)
        cursor = lower + Self.boundary(in: segments, near: target, after: cursorAfterInsertion)
        return
      }
      step *= 2
    }
  }

  /// Whether `left` followed by `right` stays these two characters.
  private static func isBoundary(_ left: Character, _ right: Character) -> Bool {
    var pair = String(left)
    pair.append(right)
    let segments = Array(pair)
    return segments.count == 2 && segments[0].unicodeScalars.elementsEqual(left.unicodeScalars)
  }

  /// The index in `segments` of the boundary at or after (or at or before) `scalars` scalars
  /// from their start.
  private static func boundary(in segments: [Character], near scalars: Int, after: Bool) -> Int {
    var offset = 0
    for (index, segment) in segments.enumerated() {
      if offset >= scalars { return index }
      offset += segment.unicodeScalars.count
      if offset > scalars { return after ? index + 1 : index }
    }
    return segments.count
  }
}
