/// Why a ``Devtools`` server could not start.
public enum DevtoolsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `host` is not an IPv4 address such as `127.0.0.1`.
  case invalidHost(String)
  /// The port could not be listened on (it is taken, or the system refused), for `reason`.
  case cannotListen(host: String, port: UInt16, reason: String)
  /// A limit of the configuration is zero or negative.
  case invalidConfiguration(String)

  public var description: String {
    switch self {
    case .invalidHost(let host):
      "Devtools cannot listen on \"\(host)\": give an IPv4 address such as 127.0.0.1."
    case .cannotListen(let host, let port, let reason):
      "Devtools cannot listen on \(host):\(port) (\(reason)); choose another port, or 0 for any free one."
    case .invalidConfiguration(let problem):
      "Devtools' configuration is invalid: \(problem)."
    }
  }
}
