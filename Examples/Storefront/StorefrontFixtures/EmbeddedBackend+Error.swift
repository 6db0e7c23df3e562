extension EmbeddedBackend {
  /// Why an embedded backend could not be created.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// A configuration value is out of range; `reason` names it and the range to use.
    case invalidConfiguration(reason: String)

    public var description: String {
      switch self {
      case .invalidConfiguration(let reason): "The embedded backend's configuration is invalid: \(reason)"
      }
    }
  }
}
