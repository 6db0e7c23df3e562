import Custody
import Foundation

/// Sends a request again after a transient failure, waiting longer each time.
///
/// - Only requests its `retries` predicate accepts are retried; by default those safe to
///   repeat, with an idempotent method (GET, HEAD, PUT, DELETE, OPTIONS, TRACE). A POST or
///   PATCH is sent once unless the predicate accepts it.
/// - It retries on the statuses of ``Policy/statuses`` (408, 429, 500, 502, 503, 504) and on
///   transport failures that may pass (``HTTPError/offline(reason:)``,
///   ``HTTPError/timedOut``), but not after ``HTTPError/deadlineExceeded(_:)``: the deadline
///   bounds the call, and each attempt would wait for all of it again.
/// - Between attempts it waits an exponential backoff with full jitter (a random delay up to
///   `baseDelay × 2ⁿ`, capped at ``Policy/maxDelay``), or, when the server sends
///   `Retry-After` (seconds or an HTTP date), exactly that long. A `Retry-After` longer than
///   ``Policy/maxRetryAfter`` is not waited for: the response is returned at once, so the
///   caller learns the delay (``HTTPError/rateLimited(retryAfter:message:)``).
/// - It sleeps on the injected clock; cancelling the caller ends a wait at once with
///   ``HTTPError/cancelled``.
///
/// ```swift
/// let client = HTTPClient(baseURL: server, transport: URLSessionTransport(),
///                         middleware: [RetryMiddleware(policy: .init(maxAttempts: 4))])
/// // Orders carry an idempotency key, so they may be sent again too:
/// let retry = RetryMiddleware { $0.method.isIdempotent || $0.path == "/orders" }
/// ```
public struct RetryMiddleware: HTTPMiddleware {
  /// How often and how long to retry.
  public struct Policy: Sendable, Hashable {
    /// The most attempts in total, the first included.
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry; it doubles for each later one.
    public var baseDelay: Duration
    /// The highest backoff ceiling.
    public var maxDelay: Duration
    /// The longest `Retry-After` the middleware waits for.
    public var maxRetryAfter: Duration
    /// The statuses that are retried.
    public var statuses: Set<Int>

    /// Creates a policy; by default 3 attempts, 0.5 s doubling up to 10 s, `Retry-After` up
    /// to 60 s.
    public init(
      maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(10),
      maxRetryAfter: Duration = .seconds(60), statuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
      precondition(maxAttempts >= 1, "A retry policy needs at least one attempt")
      self.maxAttempts = maxAttempts
      self.baseDelay = baseDelay
      self.maxDelay = maxDelay
      self.maxRetryAfter = maxRetryAfter
      self.statuses = statuses
    }
  }

  /// How often and how long to retry.
  public let policy: Policy
  private let sleep: @Sendable (Duration) async throws -> Void
  private let jitter: @Sendable (Duration) -> Duration
  private let now: @Sendable () -> Date
  private let retries: @Sendable (HTTPRequest) -> Bool

  /// Creates the middleware.
  ///
  /// - Parameters:
  ///   - policy: How often and how long to retry.
  ///   - clock: The clock waits are measured on; a test clock in tests.
  ///   - jitter: Picks the actual wait given its ceiling; by default uniformly between zero and
  ///     the ceiling (full jitter). Pass `{ $0 }` for waits a test can predict.
  ///   - now: The wall clock an HTTP-date `Retry-After` is measured from.
  ///   - retries: Whether a request may be sent more than once; by default when its method is
  ///     idempotent (``isIdempotent(_:)``). Any other request goes through once.
  public init(
    policy: Policy = Policy(), clock: some Clock<Duration> = ContinuousClock(),
    jitter: @escaping @Sendable (Duration) -> Duration = RetryMiddleware.fullJitter,
    now: @escaping @Sendable () -> Date = { Date() },
    retries: @escaping @Sendable (HTTPRequest) -> Bool = RetryMiddleware.isIdempotent
  ) {
    self.policy = policy
    self.retries = retries
    self.sleep = { try await clock.sleep(for: $0) }
    self.jitter = jitter
    self.now = now
  }

  /// Whether `request`'s method is idempotent, so sending it twice has the effect of once.
  public static func isIdempotent(_ request: HTTPRequest) -> Bool { request.method.isIdempotent }

  /// A uniformly random duration between zero and `ceiling`.
  public static func fullJitter(_ ceiling: Duration) -> Duration {
    ceiling * Double.random(in: 0...1)
  }

  public func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    guard retries(request) else { return try await next(request) }
    var attempt = 1
    while true {
      let outcome: Result<HTTPResponse, HTTPError>
      do { outcome = .success(try await next(request)) } catch { outcome = .failure(error) }
      guard attempt < policy.maxAttempts, let delay = delay(after: outcome, attempt: attempt) else {
        return try outcome.get()
      }
      do { try await sleep(delay) } catch { throw .cancelled }
      attempt += 1
    }
  }

  /// How long to wait before the next attempt, or `nil` when `outcome` is final.
  func delay(after outcome: Result<HTTPResponse, HTTPError>, attempt: Int) -> Duration? {
    switch outcome {
    case .success(let response):
      guard policy.statuses.contains(response.status) else { return nil }
      if let requested = RetryAfter.delay(in: response.headers, now: now()) {
        return requested <= policy.maxRetryAfter ? requested : nil
      }
    case .failure(let failure):
      // A transport failure: retry only what may pass on its own (offline, timed out).
      guard FailureCategory(failure).isTransient, !failure.isDeadlineExceeded else { return nil }
    }
    return jitter(backoffCeiling(attempt: attempt))
  }

  /// `baseDelay × 2^(attempt − 1)`, capped at `maxDelay`.
  func backoffCeiling(attempt: Int) -> Duration {
    let doublings = min(attempt - 1, 30)
    return min(policy.baseDelay * (1 << doublings), policy.maxDelay)
  }
}
