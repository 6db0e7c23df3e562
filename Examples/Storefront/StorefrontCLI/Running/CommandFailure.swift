/// A command that ran and failed: exit status 1, `message` on standard error.
public struct CommandFailure: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
