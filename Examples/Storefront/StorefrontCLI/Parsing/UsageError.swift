/// A command line that cannot be run as written: exit status 2, the message, then the usage of
/// the command it concerns.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in plain words.
  public let message: String
  /// The command whose usage to show; `nil` for the top-level usage.
  public let command: String?

  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  public var description: String { message }
}
