/// Everything the embedded backend changes while it serves: the catalog with its edits, the
/// sessions, the counters, the rate window and the failure generator. The backend keeps it
/// behind one lock and never awaits while holding it.
struct BackendState: Sendable {
  /// What to do with a request that just arrived.
  struct Arrival: Sendable, Equatable {
    /// Whether the rate limit refuses the request.
    var isLimited = false
    /// With a rate limit: requests left in the window after this one, and how long until the
    /// window ends.
    var window: (remaining: Int, endsIn: Duration)?
    /// Whether the failure rate chose this request.
    var fails = false

    static func == (lhs: Arrival, rhs: Arrival) -> Bool {
      lhs.isLimited == rhs.isLimited && lhs.fails == rhs.fails && lhs.window?.remaining == rhs.window?.remaining
        && lhs.window?.endsIn == rhs.window?.endsIn
    }
  }

  var catalog: CatalogState
  var sessions = SessionTable()
  var statistics = EmbeddedBackend.Statistics()
  private var rateLimit: EmbeddedBackend.RateLimit?
  private var windowStart: Duration?
  private var windowCount = 0
  private var failures: SplitMix64
  private let failureRate: Double

  init(catalog: CatalogState, configuration: EmbeddedBackend.Configuration) {
    self.catalog = catalog
    rateLimit = configuration.rateLimit
    failureRate = configuration.failureRate
    failures = SplitMix64(seed: configuration.seed, stream: 0xFA11)
  }

  /// Counts a request to `path` arriving at `elapsed` on the backend's clock and decides
  /// whether the rate limit refuses it or the failure rate fails it.
  mutating func arrive(path: String, at elapsed: Duration) -> Arrival {
    statistics.requests += 1
    statistics.requestsByPath[path, default: 0] += 1
    var arrival = Arrival()
    if let rateLimit {
      if let start = windowStart, elapsed < start + rateLimit.window {
        windowCount += 1
      } else {
        windowStart = elapsed
        windowCount = 1
      }
      let start = windowStart ?? elapsed
      arrival.window = (max(0, rateLimit.requests - windowCount), start + rateLimit.window - elapsed)
      if windowCount > rateLimit.requests {
        statistics.rateLimited += 1
        arrival.isLimited = true
        return arrival
      }
    }
    if failureRate > 0 && failures.unit() < failureRate {
      statistics.simulatedFailures += 1
      arrival.fails = true
    }
    return arrival
  }
}
