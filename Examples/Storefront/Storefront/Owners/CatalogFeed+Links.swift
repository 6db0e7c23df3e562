import Custody
import Foundation

extension CatalogFeed {
  /// The owners a feed works with, and how it paces a next page asked for again.
  public struct Links: Sendable {
    /// Where the feed keeps its first page for an offline start, and shows the saved one from.
    public var offline: OfflineCatalog?
    /// Whether a first page listed for a query (an order and a category) is the app's own first
    /// page, the one to keep: another order or category than those the app starts with, or a
    /// window of another size, would replace it with a page the next start does not show.
    public var keepsFirstPage: @Sendable (CatalogFeed.Query) -> Bool
    /// Followed by ``CatalogFeed/followChanges(_:)``.
    public var favorites: Favorites?
    /// Edits products; ``CatalogFeed/followChanges(_:)`` patches each edited one into the rows.
    public var repository: ProductRepository?
    /// The pause before a failed next page is asked for again; it doubles after each failure.
    public var firstRetryDelay: Duration
    /// The longest pause between two attempts.
    public var longestRetryDelay: Duration
    /// The clock pauses are measured with.
    public var clock: any Clock<Duration>

    /// Links to nothing: no offline page, nothing followed; retries after 2 s, then 4 s, up to 60 s.
    public init(
      offline: OfflineCatalog? = nil, keepsFirstPage: @escaping @Sendable (CatalogFeed.Query) -> Bool = { _ in true },
      favorites: Favorites? = nil, repository: ProductRepository? = nil, firstRetryDelay: Duration = .seconds(2),
      longestRetryDelay: Duration = .seconds(60), clock: any Clock<Duration> = ContinuousClock()
    ) {
      self.offline = offline
      self.keepsFirstPage = keepsFirstPage
      self.favorites = favorites
      self.repository = repository
      self.firstRetryDelay = firstRetryDelay
      self.longestRetryDelay = longestRetryDelay
      self.clock = clock
    }
  }
}
