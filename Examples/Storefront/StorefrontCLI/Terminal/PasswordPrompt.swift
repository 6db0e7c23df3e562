#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks for a password on the terminal without echoing it.
enum PasswordPrompt {
  /// Writes `prompt` to standard error, reads one line with echo off, and restores the
  /// terminal whatever happens; `nil` for an empty line or the end of input.
  static func read(prompt: String, console: Console) -> String? {
    let mode = TerminalMode(descriptor: STDIN_FILENO)
    console.writeError(prompt)
    mode?.enterNoEcho()
    defer { mode?.restore() }
    guard let line = console.readLine(), !line.isEmpty else { return nil }
    return line
  }
}
