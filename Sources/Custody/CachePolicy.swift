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

  public init(
    freshFor: Duration = .seconds(60), staleFor: Duration = .zero, countLimit: Int? = nil, costLimit: Int? = nil,
    trimsUnderMemoryPressure: Bool = true
  ) {
    precondition(freshFor >= .zero && staleFor >= .zero, "CachePolicy durations must not be negative")
    precondition((countLimit ?? 0) >= 0 && (costLimit ?? 0) >= 0, "CachePolicy limits must not be negative")
    self.freshFor = freshFor
    self.staleFor = staleFor
    self.countLimit = countLimit
    self.costLimit = costLimit
    self.trimsUnderMemoryPressure = trimsUnderMemoryPressure
  }

  /// How fresh a value stored `age` ago is (C2).
  @inlinable func freshness(ofAge age: Duration) -> CacheFreshness {
    if age < freshFor { return .fresh }
    if age < freshFor + staleFor { return .stale }
    return .expired
  }
}
