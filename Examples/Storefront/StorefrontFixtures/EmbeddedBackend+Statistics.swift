extension EmbeddedBackend {
  /// What the backend has seen since it was created or since ``EmbeddedBackend/resetStatistics()``.
  public struct Statistics: Sendable, Hashable {
    /// Every request that reached the backend, answered or not.
    public internal(set) var requests = 0
    /// Requests by path below the base URL, without the query (`/products`, `/auth/refresh`).
    public internal(set) var requestsByPath: [String: Int] = [:]
    /// Successful logins.
    public internal(set) var logins = 0
    /// Successful refreshes.
    public internal(set) var refreshes = 0
    /// Requests answered 429 by the rate limit.
    public internal(set) var rateLimited = 0
    /// Requests answered 500 by the failure rate.
    public internal(set) var simulatedFailures = 0
    /// Requests refused for a missing, expired or unknown access token.
    public internal(set) var unauthorized = 0

    public init() {}
  }
}
