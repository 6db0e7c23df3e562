/// The control sequences the browser writes.
public enum ANSI {
  /// Alternate screen, cursor hidden, wrapping off, focus reports on (`CSI ? 1004 h`: the
  /// terminal sends `CSI I` when its window gains focus and `CSI O` when it loses it; a
  /// terminal without them ignores the request), bracketed paste on (`CSI ? 2004 h`: a paste
  /// comes between `CSI 200 ~` and `CSI 201 ~`), mouse reports on in SGR form
  /// (`CSI ? 1000 ; 1006 h`: the wheel arrives as `CSI < 64 ; x ; y M` and `CSI < 65 ; x ; y M`).
  public static let enter =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1004h\u{1B}[?2004h\u{1B}[?1000;1006h"
  /// Mouse reports, bracketed paste and focus reports off, wrapping on, attributes reset,
  /// cursor shown, main screen back: the last bytes the browser writes on every exit path
  /// (quitting, signals, a crash, Ctrl-Z), so the shell never receives a report or a marked paste.
  public static let leave =
    "\u{1B}[?1000;1006l\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?7h\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
  public static let home = "\u{1B}[H"
  public static let clearLine = "\u{1B}[K"
  public static let clearBelow = "\u{1B}[J"
}
