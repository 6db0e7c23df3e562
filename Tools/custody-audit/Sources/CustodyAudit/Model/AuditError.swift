/// Why an audit could not run. Each is a usage error: the command exits with status 2.
public enum AuditError: Error, Equatable, CustomStringConvertible, Sendable {
  /// A path given on the command line does not exist.
  case pathNotFound(String)
  /// A file could not be read; the string says why.
  case unreadable(path: String, reason: String)
  /// A baseline file is not one this tool wrote.
  case invalidBaseline(path: String, reason: String)
  /// The command line is wrong; the string says how.
  case usage(String)

  public var description: String {
    switch self {
    case .pathNotFound(let path): "no such file or folder: \(path)"
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .invalidBaseline(let path, let reason):
      "\(path) is not a baseline written by --write-baseline (\(reason)); write it again"
    case .usage(let message): message
    }
  }
}
