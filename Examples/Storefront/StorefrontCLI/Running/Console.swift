import Custody
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
  /// Why writing to standard output failed, if it has (a full disk, a closed pipe); `nil` while
  /// every write succeeded. A program whose output was lost must not exit 0.
  public var outputFailure: @Sendable () -> String?

  public init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String?, outputIsTerminal: Bool, inputIsTerminal: Bool, width: Int?,
    environment: [String: String], outputFailure: @escaping @Sendable () -> String? = { nil }
  ) {
    self.write = write
    self.writeError = writeError
    self.readLine = readLine
    self.outputIsTerminal = outputIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.width = width
    self.environment = environment
    self.outputFailure = outputFailure
  }

  /// The process's own standard streams.
  public static func standard() -> Console {
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    let outputError = LockedState<Int32?>(nil)
    return Console(
      write: { text in
        guard let error = FileDescriptor.writeAll(text, to: STDOUT_FILENO) else { return }
        outputError.withLock { $0 = $0 ?? error }
      },
      writeError: { FileDescriptor.writeAll($0, to: STDERR_FILENO) },
      readLine: { Swift.readLine(strippingNewline: true) },
      outputIsTerminal: outputIsTerminal, inputIsTerminal: isatty(STDIN_FILENO) == 1,
      width: outputIsTerminal ? TerminalSize.current()?.columns : nil,
      environment: ProcessInfo.processInfo.environment,
      outputFailure: { outputError.withLock { $0 }.map { String(cString: strerror($0)).lowercased() } })
  }
}

/// Writing whole strings to a file descriptor with `write(2)`.
enum FileDescriptor {
  /// Writes all of `text`, retrying short writes and interruptions.
  ///
  /// - Returns: The `errno` of a write that failed, after which nothing more is written; `nil`
  ///   when all of `text` was written.
  @discardableResult
  static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return errno
      }
      offset += written
    }
    bytes.removeAll()
    return nil
  }
}
