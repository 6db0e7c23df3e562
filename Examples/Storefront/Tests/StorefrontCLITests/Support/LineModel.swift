// The fuzz package compiles this file too, into a target that holds the editor's files alone.
#if canImport(StorefrontCLIEditing)
  import StorefrontCLIEditing
#else
  import StorefrontCLI
#endif

/// The rules of ``LineEditor``, the slow and plain way: the text as a list of Unicode scalars,
/// the cursor as a scalar offset, and the boundaries between characters found again in the
/// whole text after every edit. The editor must keep the same text, the same characters and
/// the same cursor.
struct LineModel {
  private(set) var scalars: [Unicode.Scalar]
  /// In scalars; always where a character starts, or at the end.
  private(set) var cursor: Int
  let countLimit: Int?

  init(_ text: String = "", countLimit: Int? = nil) {
    scalars = Array(text.unicodeScalars)
    cursor = scalars.count
    self.countLimit = countLimit
  }

  var text: String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }

  /// The text's characters, as the whole text segments them.
  var characters: [Character] { Array(text) }

  /// The scalar offset of every boundary between characters, the start and the end included.
  var boundaries: [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets[offsets.count - 1] + character.unicodeScalars.count) }
    return offsets
  }

  /// The cursor in characters from the start.
  var characterCursor: Int { boundaries.firstIndex(of: cursor)! }

  /// The first characters of `typed` that fit, inserted; the cursor at or after their end.
  /// Returns how many were left out.
  mutating func insert(_ typed: String) -> Int {
    var typed = Array(typed)
    var left = 0
    if let countLimit {
      left = max(typed.count - max(countLimit - characters.count, 0), 0)
      typed.removeLast(left)
    }
    let inserted = typed.flatMap(\.unicodeScalars)
    scalars.insert(contentsOf: inserted, at: cursor)
    cursor = snap(cursor + inserted.count, up: true)
    return left
  }

  /// The editing keys as ``LineEditor/handle(_:)`` documents them; whether the key is one.
  mutating func handle(_ key: Key) -> Bool {
    let bounds = boundaries
    let at = bounds.firstIndex(of: cursor)!
    switch key {
    case .character(let character): _ = insert(String(character))
    case .left: cursor = bounds[max(at - 1, 0)]
    case .right: cursor = bounds[min(at + 1, bounds.count - 1)]
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = scalars.count
    case .backspace: remove(bounds[max(at - 1, 0)]..<cursor)
    case .delete: remove(cursor..<bounds[min(at + 1, bounds.count - 1)])
    case .control("u"): remove(0..<scalars.count)
    case .control("k"): remove(cursor..<scalars.count)
    default: return false
    }
    return true
  }

  private mutating func remove(_ range: Range<Int>) {
    scalars.removeSubrange(range)
    cursor = snap(range.lowerBound, up: false)
  }

  /// The boundary at or after `offset`, or at or before it.
  private func snap(_ offset: Int, up: Bool) -> Int {
    let bounds = boundaries
    return up ? bounds.first { $0 >= offset }! : bounds.last { $0 <= offset }!
  }
}
