import Custody
import Foundation

/// The first page of the catalog as last seen, kept on disk so the app can start offline.
public struct CatalogSnapshot: Sendable, Hashable, Codable {
  public var products: [Product]
  public var total: Int
  public var sort: ProductSort?
  /// When the page was fetched.
  public var savedAt: Date

  public init(products: [Product], total: Int, sort: ProductSort?, savedAt: Date) {
    self.products = products
    self.total = total
    self.sort = sort
    self.savedAt = savedAt
  }
}

/// Owns the persisted catalog page shown at start before the network answers.
public final class OfflineCatalog: Sendable {
  /// The most products kept: enough for a first screen, small enough to load at once.
  public static let capacity = 100

  private let store: FileStore<CatalogSnapshot?>
  private let now: @Sendable () -> Date

  public init(store: FileStore<CatalogSnapshot?>, now: @escaping @Sendable () -> Date = { Date() }) {
    self.store = store
    self.now = now
  }

  /// Reads the file. A corrupt one is moved aside; the problem is returned.
  @discardableResult
  public func load() async -> FileStoreError? {
    await store.load()
    return await store.loadProblem
  }

  /// The saved page, if any; synchronous.
  public var snapshot: CatalogSnapshot? { store.value }

  /// Remembers the start of the catalog as just fetched.
  public func remember(_ products: [Product], total: Int, sort: ProductSort?) {
    let kept = Array(products.prefix(Self.capacity))
    store.save(CatalogSnapshot(products: kept, total: total, sort: sort, savedAt: now()))
  }

  /// Waits until the last remembered page is on disk.
  public func flush() async throws {
    try await store.flush()
  }
}
