import Custody
import Foundation

/// Owns the products the app has seen: details and search results, cached and coalesced, and
/// the saved edits every screen must agree on.
///
/// ```swift
/// let repository = ProductRepository(service: service)
/// let product = try await repository.product(id: 1)      // one request for any number of screens
/// let shown = repository.cachedProduct(id: 1)             // synchronous, for a first frame
/// let saved = try await repository.save(id: 1, changes: ProductChanges(price: 9.5))
/// ```
public final class ProductRepository: Sendable {
  private let service: any ProductService
  private let details: Cache<Product.ID, Product>
  private let searches: Cache<String, ProductPage>
  private let saves = Broadcast<Product>()

  /// - Parameters:
  ///   - service: Fetches and saves products.
  ///   - clock: The time freshness is measured in.
  ///   - inspector: Receives the events of the two caches, "products" (keys shown as
  ///     `/products/7`) and "searches" (keys shown as `search "phone"`).
  public init(
    service: any ProductService, clock: some Clock<Duration> = ContinuousClock(),
    inspector: (any OwnerInspector)? = nil
  ) {
    self.service = service
    details = Cache(
      policy: CachePolicy(freshFor: .seconds(300), staleFor: .seconds(3_600), countLimit: 1_000), clock: clock,
      name: "products", inspector: inspector, describeKey: { "/products/\($0)" })
    searches = Cache(
      policy: CachePolicy(freshFor: .seconds(60), countLimit: 50), clock: clock, name: "searches",
      inspector: inspector, describeKey: Self.describeSearch)
  }

  /// A search key (`query|limit`) as inspectors show it: `search "phone"`.
  static func describeSearch(_ key: String) -> String {
    let query = key.split(separator: "|", omittingEmptySubsequences: false).dropLast().joined(separator: "|")
    return "search \"\(query)\""
  }

  /// The product with `id`: cached when fresh, else loaded once for every caller.
  public func product(id: Product.ID) async throws -> Product {
    try await details.value(for: id) { [service] in try await service.product(id: id) }
  }

  /// Loads the product again whatever is cached.
  public func reloadProduct(id: Product.ID) async throws -> Product {
    try await details.refresh(id) { [service] in try await service.product(id: id) }
  }

  /// The cached product with `id`, whatever its age; synchronous from any isolation.
  public func cachedProduct(id: Product.ID) -> Product? {
    details.cachedValue(for: id)
  }

  /// The first page of products matching `text` (trimmed, case-insensitive).
  public func search(_ text: String, limit: Int = 30) async throws -> ProductPage {
    let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return try await searches.value(for: "\(query.lowercased())|\(limit)") { [service] in
      try await service.search(query, limit: limit, skip: 0)
    }
  }

  /// Saves `changes` and makes the saved product what every screen shows: the detail cache
  /// holds it (winning over any load that started before), cached searches are dropped, and
  /// ``savedProducts()`` streams it.
  ///
  /// The server's answer is merged into the product as known (see ``Product/merging(_:)``), so a
  /// server that answers with only some fields does not blank the others. Compare the result
  /// with `changes` (``ProductChanges/fields(missingFrom:)``) to learn whether the server
  /// ignored a field.
  @discardableResult
  public func save(id: Product.ID, changes: ProductChanges) async throws -> Product {
    let answer = try await service.update(id: id, changes: changes)
    let saved = details.cachedValue(for: id).map { $0.merging(answer) } ?? answer
    details.set(saved, for: id)
    searches.removeAll()
    saves.send(saved)
    return saved
  }

  /// Whether the server keeps `changes` to product `id`: reads the product from the server
  /// again, past the cache, and looks for them. The public service answers an edit as if it
  /// saved it and keeps nothing; its next read has the old values.
  public func keeps(_ changes: ProductChanges, id: Product.ID) async throws -> Bool {
    changes.fields(missingFrom: try await service.product(id: id)).isEmpty
  }

  /// Products as they are saved, for screens that list them.
  public func savedProducts() -> AsyncStream<Product> {
    saves.updates()
  }

  /// Every category.
  public func categories() async throws -> [ProductCategory] {
    try await service.categories()
  }
}
