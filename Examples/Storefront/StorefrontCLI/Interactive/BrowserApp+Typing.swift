extension BrowserApp {
  /// The most characters a field of the browser takes: a paste past it is cut, with a note.
  static let fieldLimit = 2_000

  /// A field of the browser holding `text`, with the cursor at its end.
  static func field(_ text: String = "") -> LineEditor {
    LineEditor(text, countLimit: fieldLimit)
  }

  /// The characters at the start of `keys` when the screen's field takes them all, and how
  /// many keys they are; `nil` when the first key is not one to type.
  ///
  /// A paste is one read of many characters: typed as one insertion, it costs one edit, one
  /// search and one frame, where key by key it cost one of each per character.
  func typing(_ keys: ArraySlice<Key>) -> (text: String, keys: Int)? {
    switch mode {
    case .search, .login: break
    case .edit where editor != nil && detail != nil && !confirmsDiscard: break  // a question takes keys
    default: return nil
    }
    guard let first = keys.first, !waitsForRows(first) else { return nil }
    let typed = LineEditor.leadingText(of: keys)
    return typed.keys > 0 ? typed : nil
  }

  /// Types `text` into the screen's field at its cursor, as ``typing(_:)`` found it.
  func type(_ text: String) {
    notice = nil
    failure = nil
    let left: Int
    switch mode {
    case .search:
      left = searchField.insert(text)
      if left < text.count { searchChanged() }  // something fitted, so the text changed
    case .edit, .login:
      left = formEditor.insert(text)
      formFieldChanged()
    default:
      return
    }
    if left > 0 { notice = "Pasted text cut to \(Self.fieldLimit) characters, the most a field holds." }
  }
}
