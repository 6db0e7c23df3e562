extension URLSessionTransport {
  /// Settings of a ``URLSessionTransport``.
  public struct Configuration: Sendable, Hashable {
    /// How long a request waits for the server when it does not set its own timeout.
    public var timeout: Duration
    /// The largest body read, in bytes; a larger one fails with
    /// ``HTTPError/responseTooLarge(limit:)``.
    public var maximumResponseSize: Int
    /// Which redirects are followed.
    public var redirects: RedirectPolicy

    /// Creates settings: by default a 30 s timeout, a 20 MiB limit and same-origin redirects.
    public init(
      timeout: Duration = .seconds(30), maximumResponseSize: Int = 20 * 1024 * 1024,
      redirects: RedirectPolicy = .sameOrigin
    ) {
      self.timeout = timeout
      self.maximumResponseSize = maximumResponseSize
      self.redirects = redirects
    }
  }

  /// Which redirects a ``URLSessionTransport`` follows. A redirect it does not follow is
  /// returned as the response, which ``HTTPClient`` reports as
  /// ``HTTPError/unexpectedStatus(_:)``.
  public enum RedirectPolicy: Sendable, Hashable {
    /// Follow redirects that keep the scheme, host and port of the request (the default).
    case sameOrigin
    /// Follow every redirect, removing the `Authorization` header when the origin changes.
    case anyHost
    /// Follow no redirect.
    case never
  }
}
