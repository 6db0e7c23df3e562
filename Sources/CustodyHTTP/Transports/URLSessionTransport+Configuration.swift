extension URLSessionTransport {
  /// Settings of a ``URLSessionTransport``.
  public struct Configuration: Sendable, Hashable {
    /// How long a request waits for the server when it does not set its own timeout.
    ///
    /// This is an idle timeout: every byte that arrives starts it again, so it bounds silence, not
    /// the whole request. ``deadline`` bounds the whole request.
    public var timeout: Duration
    /// How long a request may take in total, from sending it to the last byte of the answer, when
    /// it does not set its own ``HTTPRequest/deadline``; `nil` sets none. 60 s by default.
    ///
    /// A request over its deadline is cancelled and fails with
    /// ``HTTPError/deadlineExceeded(_:)``, even when the server keeps sending a byte now and then.
    /// Streamed responses (``URLSessionTransport/stream(_:)``, and so downloads) get no deadline from
    /// here, since they may rightly last long: only their own ``HTTPRequest/deadline`` bounds them.
    public var deadline: Duration? = Configuration.defaultDeadline
    /// The largest body read, in bytes; a larger one fails with
    /// ``HTTPError/responseTooLarge(limit:)``.
    public var maximumResponseSize: Int
    /// Which redirects are followed.
    public var redirects: RedirectPolicy

    /// The total deadline of a request that sets none: 60 s.
    public static let defaultDeadline: Duration = .seconds(60)

    /// Creates settings: by default a 30 s timeout, a 60 s deadline, a 20 MiB limit and
    /// same-origin redirects.
    public init(
      timeout: Duration = .seconds(30), maximumResponseSize: Int = 20 * 1024 * 1024,
      redirects: RedirectPolicy = .sameOrigin
    ) {
      self.timeout = timeout
      self.maximumResponseSize = maximumResponseSize
      self.redirects = redirects
    }

    /// Creates settings with a total deadline for every request that sets none.
    ///
    /// ```swift
    /// let transport = URLSessionTransport(configuration: .init(timeout: .seconds(15), deadline: .seconds(45)))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long a request may wait for the next byte (an idle timeout).
    ///   - deadline: How long a request may take in total; `nil` for no limit.
    ///   - maximumResponseSize: The largest body read, in bytes.
    ///   - redirects: Which redirects are followed.
    public init(
      timeout: Duration = .seconds(30), deadline: Duration?, maximumResponseSize: Int = 20 * 1024 * 1024,
      redirects: RedirectPolicy = .sameOrigin
    ) {
      self.init(timeout: timeout, maximumResponseSize: maximumResponseSize, redirects: redirects)
      self.deadline = deadline
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
