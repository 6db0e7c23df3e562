/// How long a ``Cache`` keeps values fresh and how many it keeps.
///
/// ```swift
/// // Fresh for a minute, then served stale for five while one revalidation runs.
/// let policy = CachePolicy(freshFor: .seconds(60), staleFor: .seconds(300), countLimit: 500)
/// ```
public struct CachePolicy: Sendable, Hashable {
  /// How long after it was stored a value is returned without loading.
  public var freshFor: Duration
  /// How long after it stopped being fresh a value is still returned at once while one
  /// background revalidation runs. Past `freshFor + staleFor`, callers wait for a load.
  public var staleFor: Duration
  /// The most values kept; the least recently used go first. `nil` means no limit.
  public var countLimit: Int?
  /// The most total cost kept, as measured by the cache's cost function. `nil` means no limit.
  public var costLimit: Int?
  /// Whether the cache gives memory back when the system runs short: on a warning it trims
  /// itself to half its total cost, on critical pressure it drops every value, least recently
  /// used first, as ``Cache/trim(toCost:)`` does.
  ///
  /// On by default, as `NSCache` and `URLCache` do: a cached value can always be loaded again,
  /// while an app that keeps its caches full under pressure is the one the system terminates.
  /// Turn it off for a cache whose values are expensive to load and small. The system reports
  /// memory pressure on Apple platforms; elsewhere this setting has no effect.
  public var trimsUnderMemoryPressure: Bool
  /// How often a key watched through ``Cache/watch(_:)`` is loaded again,
  /// whatever its freshness, while the app is active; `nil` (the default) never polls. Each
  /// poll comes up to a tenth of the interval late, at random, so that keys watched at one
  /// instant do not all reload at the next, and joins a load already running.
  public var pollEvery: Duration?
  /// How long a value may go unused before the cache removes it; `nil` (the default) keeps
  /// values until a limit, a trim or an invalidation removes them.
  ///
  /// A value is used when it is read (``Cache/value(for:load:)``, ``Cache/cachedValue(for:)``,
  /// ``Cache/cachedEntry(for:)``) or committed. A value that a stream of ``Cache/watch(_:)``
  /// watches or that a write is pending on is in use whatever its last read. The removal runs
  /// on the cache's clock, and reaches the cache's file when it is persisted (rule U1).
  public var removesUnusedAfter: Duration?

  /// A policy that never polls; the initializer of 1.0.
  public init(
    freshFor: Duration = .seconds(60), staleFor: Duration = .zero, countLimit: Int? = nil, costLimit: Int? = nil,
    trimsUnderMemoryPressure: Bool = true
  ) {
    self.init(
      freshFor: freshFor, staleFor: staleFor, countLimit: countLimit, costLimit: costLimit,
      trimsUnderMemoryPressure: trimsUnderMemoryPressure, pollEvery: nil)
  }

  /// A policy that may poll watched keys every `pollEvery`.
  public init(
    freshFor: Duration = .seconds(60), staleFor: Duration = .zero, countLimit: Int? = nil, costLimit: Int? = nil,
    trimsUnderMemoryPressure: Bool = true, pollEvery: Duration?
  ) {
    self.init(
      freshFor: freshFor, staleFor: staleFor, countLimit: countLimit, costLimit: costLimit,
      trimsUnderMemoryPressure: trimsUnderMemoryPressure, pollEvery: pollEvery, removesUnusedAfter: nil)
  }

  /// A policy that removes the values nobody used for `removesUnusedAfter`, and may poll.
  ///
  /// ```swift
  /// // Forget a product nobody looked at for ten minutes.
  /// let policy = CachePolicy(freshFor: .seconds(60), staleFor: .seconds(300), removesUnusedAfter: .seconds(600))
  /// ```
  public init(
    freshFor: Duration = .seconds(60), staleFor: Duration = .zero, countLimit: Int? = nil, costLimit: Int? = nil,
    trimsUnderMemoryPressure: Bool = true, pollEvery: Duration? = nil, removesUnusedAfter: Duration?
  ) {
    precondition(freshFor >= .zero && staleFor >= .zero, "CachePolicy durations must not be negative")
    precondition((countLimit ?? 0) >= 0 && (costLimit ?? 0) >= 0, "CachePolicy limits must not be negative")
    precondition((pollEvery ?? .seconds(1)) > .zero, "CachePolicy.pollEvery must be positive")
    precondition((removesUnusedAfter ?? .seconds(1)) > .zero, "CachePolicy.removesUnusedAfter must be positive")
    self.freshFor = freshFor
    self.staleFor = staleFor
    self.countLimit = countLimit
    self.costLimit = costLimit
    self.trimsUnderMemoryPressure = trimsUnderMemoryPressure
    self.pollEvery = pollEvery
    self.removesUnusedAfter = removesUnusedAfter
  }

  /// How fresh a value stored `age` ago is (C2).
  @inlinable func freshness(ofAge age: Duration) -> CacheFreshness {
    if age < freshFor { return .fresh }
    if age < freshFor + staleFor { return .stale }
    return .expired
  }
}
