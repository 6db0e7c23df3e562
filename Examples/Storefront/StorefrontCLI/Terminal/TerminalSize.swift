#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's size in character cells.
public struct TerminalSize: Sendable, Hashable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The size of the terminal on standard output, or `nil` when it is not a terminal.
  public static func current(descriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
