import Custody
import Foundation

/// The first page of the catalog as last seen, kept on disk so the app can start offline.
public struct CatalogSnapshot: Sendable, Hashable, Codable {
  public var products: [Product]
  public var total: Int
  public var sort: ProductSort?
  /// The category's slug the page lists; `nil` for all products (and in a file written before
  /// the category was recorded).
  public var category: String?
  /// When the page was fetched.
  public var savedAt: Date
  /// The server the page came from; `nil` in a file written before the server was recorded.
  public var server: URL?

  public init(
    products: [Product], total: Int, sort: ProductSort?, category: String? = nil, savedAt: Date, server: URL? = nil
  ) {
    self.products = products
    self.total = total
    self.sort = sort
    self.category = category
    self.savedAt = savedAt
    self.server = server
  }
}

/// Owns the persisted catalog page shown at start before the network answers.
public final class OfflineCatalog: Sendable {
  /// The most products kept: enough for a first screen, small enough to load at once.
  public static let capacity = 100

  /// The server whose pages this catalog keeps.
  public let server: URL?
  private let store: FileStore<CatalogSnapshot?>
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - store: The opened file the page is kept in.
  ///   - server: The server the pages come from. One data folder can serve several servers in
  ///     turn; a page saved from another one is never shown as this one's.
  ///   - now: The wall clock that dates a remembered page.
  public init(
    store: FileStore<CatalogSnapshot?>, server: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.server = server
    self.now = now
  }

  /// Why the file could not be read when it was opened, if it could not: a corrupt one is
  /// moved aside and no page is kept.
  public var loadProblem: FileStoreError? { store.loadProblem }

  /// The page saved from ``server``, if any; synchronous.
  public var snapshot: CatalogSnapshot? {
    store.value.flatMap { $0.server == server ? $0 : nil }
  }

  /// Remembers the start of the catalog as just fetched, in `sort` order, of `category` (`nil`:
  /// all products). Only the first ``capacity`` products are copied: a screen's rows (the pager's
  /// pages) are passed as they are, so remembering a 10,000-product page on the main actor copies
  /// a hundred of them, not every one.
  public func remember(
    _ products: some Collection<Product>, total: Int, sort: ProductSort?, category: String? = nil
  ) {
    let kept = Array(products.prefix(Self.capacity))
    store.save(
      CatalogSnapshot(products: kept, total: total, sort: sort, category: category, savedAt: now(), server: server))
  }

  /// Waits until the last remembered page is on disk.
  public func flush() async throws {
    try await store.flush()
  }
}
