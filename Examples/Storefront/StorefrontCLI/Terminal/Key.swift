/// A key press, decoded from the bytes a terminal sends.
public enum Key: Sendable, Hashable {
  case character(Character)
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, escape, backspace, tab, delete
  /// Ctrl and a letter, such as `.control("c")`.
  case control(Character)
}
