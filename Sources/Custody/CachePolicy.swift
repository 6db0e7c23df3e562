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

  public init(
    freshFor: Duration = .seconds(60), staleFor: Duration = .zero, countLimit: Int? = nil, costLimit: Int? = nil
  ) {
    precondition(freshFor >= .zero && staleFor >= .zero, "CachePolicy durations must not be negative")
    precondition((countLimit ?? 0) >= 0 && (costLimit ?? 0) >= 0, "CachePolicy limits must not be negative")
    self.freshFor = freshFor
    self.staleFor = staleFor
    self.countLimit = countLimit
    self.costLimit = costLimit
  }
}
