import Foundation

extension BrowserApp {
  /// A bracketed paste: typed into the screen's field as one insertion, on one line; ignored,
  /// with a remark, on a screen without a field, so none of its characters runs as a command.
  func paste(_ text: String) {
    switch mode {
    case .search, .login: break
    case .edit where editor != nil && detail != nil && !confirmsDiscard: break
    default:
      remark = "pasted text is ignored here: paste into the search (/) or a form"
      return
    }
    type(Self.oneLine(text))
  }

  /// `text` for a field of one line: line breaks and tabs as spaces, other controls left out.
  static func oneLine(_ text: String) -> String {
    var line = String.UnicodeScalarView()
    let text = text.trimmingCharacters(in: .newlines).replacingOccurrences(of: "\r\n", with: "\n")
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: line.append(" ")
      case _ where TerminalText.isControl(scalar): break
      default: line.append(scalar)
      }
    }
    return String(line)
  }

  /// The arrow key a notch of the mouse wheel stands for on the current screen: it moves the
  /// selection of a list and scrolls a text; `nil` on a form or a question, where an arrow
  /// would change the field or answer.
  func arrow(forWheelUp up: Bool) -> Key? {
    switch mode {
    case .catalog, .categories, .detail, .help, .warnings: return up ? .up : .down
    case .search where !searchField.text.isEmpty: return up ? .up : .down  // ↑ in an empty field recalls
    case .search, .edit, .login, .confirmSignOut: return nil
    }
  }
}
