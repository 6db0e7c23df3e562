#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restores the terminal when the process dies of a crash signal (a trap, a bad access), so a
/// fatal error never leaves the user's shell in raw mode on the alternate screen.
///
/// A C signal handler cannot capture anything, so the settings to restore live in one global.
/// It is `nonisolated(unsafe)` on purpose, and safe: it is written only by `install` and
/// `uninstall`, on the main actor, before a handler is installed and after it is removed;
/// the handler only reads it, and calls only async-signal-safe functions (`tcsetattr`,
/// `write`, `signal`, `raise`).
enum FatalSignals {
  private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
  nonisolated(unsafe) private static var saved: (descriptor: Int32, settings: termios)?
  /// The bytes of ``ANSI/leave``, allocated before any handler runs (a handler may not allocate).
  nonisolated(unsafe) private static var leave: UnsafeMutableBufferPointer<UInt8>?

  static func install(mode: TerminalMode) {
    var settings = termios()
    guard tcgetattr(mode.descriptor, &settings) == 0 else { return }
    if leave == nil {
      let bytes = Array(ANSI.leave.utf8)
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
      _ = buffer.initialize(from: bytes)
      leave = buffer
    }
    saved = (mode.descriptor, settings)
    for number in signals {
      signal(number) { number in
        if var settings = FatalSignals.saved?.settings, let descriptor = FatalSignals.saved?.descriptor {
          if let leave = FatalSignals.leave { _ = write(STDOUT_FILENO, leave.baseAddress, leave.count) }
          tcsetattr(descriptor, TCSAFLUSH, &settings)
        }
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  static func uninstall() {
    for number in signals { signal(number, SIG_DFL) }
    saved = nil
  }
}
