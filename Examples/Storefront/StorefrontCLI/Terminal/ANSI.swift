/// The control sequences the browser writes.
public enum ANSI {
  /// Alternate screen, cursor hidden, wrapping off.
  public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
  /// Wrapping on, attributes reset, cursor shown, main screen back: the last bytes the
  /// browser writes on every exit path.
  public static let leave = "\u{1B}[?7h\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
  public static let home = "\u{1B}[H"
  public static let clearLine = "\u{1B}[K"
  public static let clearBelow = "\u{1B}[J"
}
