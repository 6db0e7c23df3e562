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
  /// Text the user pasted, whole, as the terminal marks it while bracketed paste is on
  /// (``ANSI/enter`` turns it on): `ESC [ 200 ~`, the text, `ESC [ 201 ~`. Never typed key by
  /// key, so a paste into the list runs none of its characters as commands.
  case paste(String)
  /// The mouse wheel turned up (`true`) or down one notch, as SGR mouse reports send it while
  /// mouse reporting is on (``ANSI/enter`` turns it on).
  case wheel(up: Bool)
}
