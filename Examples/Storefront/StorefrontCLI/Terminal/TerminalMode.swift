#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saves a terminal's settings and changes them, so they can be put back exactly.
///
/// A value type over `termios`; it holds no resource, so restoring twice is harmless, which is
/// what a program wants when it restores on every exit path.
struct TerminalMode: Sendable {
  let descriptor: Int32
  private let saved: termios

  /// The current settings of `descriptor`, or `nil` when it is not a terminal.
  init?(descriptor: Int32) {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return nil }
    self.descriptor = descriptor
    saved = settings
  }

  /// Raw input: no line editing, no echo, no signals from keys (Ctrl-C arrives as a key),
  /// reads return after one byte. Output processing stays on, so `\n` still starts a line.
  func enterRaw() {
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(descriptor, TCSAFLUSH, &raw)
  }

  /// Line input without echo, for a password.
  func enterNoEcho() {
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    quiet.c_lflag |= tcflag_t(ECHONL)
    tcsetattr(descriptor, TCSAFLUSH, &quiet)
  }

  /// Puts the saved settings back.
  func restore() {
    var settings = saved
    tcsetattr(descriptor, TCSAFLUSH, &settings)
  }
}
