import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input, output and error, and what they are connected to.
public struct Console: Sendable {
  public var write: @Sendable (String) -> Void
  public var writeError: @Sendable (String) -> Void
  /// One line of standard input without its newline; `nil` at the end.
  public var readLine: @Sendable () -> String?
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Whether standard input is a terminal.
  public var inputIsTerminal: Bool
  /// The terminal's width in columns; `nil` when output is not a terminal (no fitting).
  public var width: Int?
  public var environment: [String: String]

  public init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String?, outputIsTerminal: Bool, inputIsTerminal: Bool, width: Int?,
    environment: [String: String]
  ) {
    self.write = write
    self.writeError = writeError
    self.readLine = readLine
    self.outputIsTerminal = outputIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.width = width
    self.environment = environment
  }

  /// The process's own standard streams.
  public static func standard() -> Console {
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    return Console(
      write: { FileDescriptor.writeAll($0, to: STDOUT_FILENO) },
      writeError: { FileDescriptor.writeAll($0, to: STDERR_FILENO) },
      readLine: { Swift.readLine(strippingNewline: true) },
      outputIsTerminal: outputIsTerminal, inputIsTerminal: isatty(STDIN_FILENO) == 1,
      width: outputIsTerminal ? TerminalSize.current()?.columns : nil,
      environment: ProcessInfo.processInfo.environment)
  }
}

/// Writing whole strings to a file descriptor with `write(2)`.
enum FileDescriptor {
  /// Writes all of `text`, retrying short writes and interruptions.
  static func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
    bytes.removeAll()
  }
}
