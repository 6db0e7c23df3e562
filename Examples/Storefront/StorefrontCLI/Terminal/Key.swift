/// A key press, decoded from the bytes a terminal sends.
public enum Key: Sendable, Hashable {
  case character(Character)
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, escape, backspace, tab, delete
  /// Ctrl and a letter, such as `.control("c")`.
  case control(Character)
  /// Not a key: the terminal's report that its window gained (`true`) or lost focus, `CSI I`
  /// and `CSI O`, sent while focus reporting is on (``ANSI/enter`` turns it on).
  case focus(Bool)
}
