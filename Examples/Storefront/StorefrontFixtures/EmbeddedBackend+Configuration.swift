import Foundation

extension EmbeddedBackend {
  /// What the embedded backend serves and how it misbehaves.
  ///
  /// The defaults serve 200 products quickly and reliably. Turn the knobs to show what an app
  /// does on a slow, flaky or strict server:
  ///
  /// ```swift
  /// var configuration = EmbeddedBackend.Configuration()
  /// configuration.latency = .milliseconds(300)
  /// configuration.failureRate = 0.1
  /// configuration.rateLimit = .init(requests: 20, window: .seconds(10))
  /// configuration.tokenLifetime = .seconds(30)  // the refresh path shows within a minute
  /// ```
  public struct Configuration: Sendable, Hashable {
    /// The largest catalog the backend generates.
    public static let maximumProductCount = 100_000

    /// The address clients use, such as `http://storefront.embedded`. Requests are routed on
    /// their path below this URL's path; image, category and avatar addresses point here.
    public var baseURL: URL
    /// How many products the catalog holds, 0 through ``maximumProductCount``.
    public var productCount: Int
    /// The catalog's seed: the same seed gives the same catalog, byte for byte, everywhere.
    /// It also seeds the choice of simulated failures.
    public var seed: UInt64
    /// How long every request waits on the backend's clock before it is answered.
    public var latency: Duration
    /// The share of requests, 0 through 1, answered with 500 `Simulated failure`. Which
    /// requests fail is decided by a generator seeded from ``seed``, so a run repeats.
    public var failureRate: Double
    /// At most this many requests per window; beyond it, 429 with `Retry-After` (the window's
    /// length, as the public service's limiter says). While a limit is set, every answer
    /// carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.
    public var rateLimit: RateLimit?
    /// When set, every access token lives this long whatever `expiresInMins` asks, so the
    /// refresh path shows in a short demo.
    public var tokenLifetime: Duration?
    /// How long a refresh token stays valid: 30 days, as on the public service.
    public var refreshTokenLifetime: Duration

    /// Creates a configuration; every parameter has a default.
    public init(
      baseURL: URL = URL(string: "http://storefront.embedded")!, productCount: Int = 200, seed: UInt64 = 1,
      latency: Duration = .zero, failureRate: Double = 0, rateLimit: RateLimit? = nil,
      tokenLifetime: Duration? = nil, refreshTokenLifetime: Duration = .seconds(30 * 24 * 3_600)
    ) {
      self.baseURL = baseURL
      self.productCount = productCount
      self.seed = seed
      self.latency = latency
      self.failureRate = failureRate
      self.rateLimit = rateLimit
      self.tokenLifetime = tokenLifetime
      self.refreshTokenLifetime = refreshTokenLifetime
    }

    /// The reason this configuration cannot be served, or `nil` when it can.
    var problem: String? {
      if !(0...Self.maximumProductCount).contains(productCount) {
        return "productCount is \(productCount); use 0 through \(Self.maximumProductCount)."
      }
      if !(0...1).contains(failureRate) { return "failureRate is \(failureRate); use 0 through 1." }
      if latency < .zero { return "latency is negative; use zero or more." }
      if let rateLimit, rateLimit.requests < 1 || rateLimit.window <= .zero {
        return "rateLimit allows no request; use at least one request per positive window."
      }
      if let tokenLifetime, tokenLifetime <= .zero { return "tokenLifetime must be positive." }
      if refreshTokenLifetime <= .zero { return "refreshTokenLifetime must be positive." }
      return nil
    }
  }

  /// A limit of `requests` per fixed `window`, counted over all clients, as the public
  /// service's limiter counts per address.
  public struct RateLimit: Sendable, Hashable {
    /// Requests allowed in one window; the next one is answered 429.
    public var requests: Int
    /// The length of a window, measured on the backend's clock from its first request.
    public var window: Duration

    public init(requests: Int, window: Duration) {
      self.requests = requests
      self.window = window
    }
  }
}
