import Custody
import Foundation
import StorefrontText

/// Owns the products the app has seen: details and search results, cached and coalesced, and
/// the edits every screen must agree on, shown at once and taken back when they fail.
///
/// ```swift
/// let repository = ProductRepository(service: service)
/// let product = try await repository.product(id: 1)      // one request for any number of screens
/// let shown = repository.cachedProduct(id: 1)             // synchronous, for a first frame
/// let edit = try await repository.save(id: 1, changes: ProductChanges(price: 9.5))  // shown at once
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
  public convenience init(
    service: any ProductService, clock: some Clock<Duration> = ContinuousClock(),
    inspector: (any OwnerInspector)? = nil
  ) {
    self.init(
      service: service,
      details: Cache(
        policy: Self.detailsPolicy, clock: clock, name: "products", inspector: inspector,
        describeKey: Self.describeProduct),
      clock: clock, inspector: inspector)
  }

  private init(
    service: any ProductService, details: Cache<Product.ID, Product>, clock: some Clock<Duration>,
    inspector: (any OwnerInspector)?
  ) {
    self.service = service
    self.details = details
    searches = Cache(
      policy: CachePolicy(freshFor: .seconds(60), countLimit: 50), clock: clock, name: "searches",
      inspector: inspector, describeKey: Self.describeSearch)
  }

  /// A repository whose products are kept in the file at `url` across launches: the detail
  /// screens of the products seen at the last run open at once, offline too. Every kept product
  /// counts as stale from the start, however young: the server may have changed or forgotten
  /// it between runs (the public service and the embedded backend forget edits), so its first
  /// reader sees it at once while it is loaded again, and every screen then agrees with the
  /// list. Searches are not kept.
  ///
  /// - Parameters:
  ///   - url: The file of products; its folder must exist. A corrupt file, or one of an older
  ///     format, is set aside and ``loadProblem`` says so; the repository starts empty then.
  ///   - now: The wall clock, which measures the time between two runs.
  ///   - service: Fetches and saves products.
  ///   - clock: The time freshness is measured in while the app runs.
  ///   - inspector: Receives the events of the two caches, as ``init(service:clock:inspector:)``
  ///     says, and those of the file, under the file's name.
  public static func open(
    service: any ProductService, keepingProductsIn url: URL, clock: some Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() }, inspector: (any OwnerInspector)? = nil
  ) async -> ProductRepository {
    let details = await Cache<Product.ID, Product>.open(
      persistingIn: url, version: 1, policy: detailsPolicy, persistedLimit: 500, clock: clock, wallClock: now,
      name: "products", inspector: inspector, describeKey: describeProduct)
    details.revalidate(where: { _ in true })
    return ProductRepository(service: service, details: details, clock: clock, inspector: inspector)
  }

  /// Why the kept products could not be read at the start, if they could not.
  public var loadProblem: CachePersistenceError? { details.loadProblem }

  /// Waits until the products kept so far are in their file (for a repository ``open(service:keepingProductsIn:clock:now:inspector:)``
  /// made); call it before the app quits.
  ///
  /// - Throws: `CachePersistenceError` when the file could not be written.
  public func flush() async throws(CachePersistenceError) {
    try await details.flush()
  }

  /// Products are fresh for 5 minutes and shown stale for an hour while they are loaded again.
  private static let detailsPolicy = CachePolicy(freshFor: .seconds(300), staleFor: .seconds(3_600), countLimit: 1_000)

  /// A product's key as inspectors show it: `/products/7`.
  private static func describeProduct(_ id: Product.ID) -> String { "/products/\(id)" }

  /// A search key (`query|limit`) as inspectors show it: `search "phone"`.
  static func describeSearch(_ key: String) -> String {
    "search \"\(query(ofSearch: key))\""
  }

  /// The query of a search key (`query|limit`), trimmed and lowercased.
  static func query(ofSearch key: String) -> String {
    key.split(separator: "|", omittingEmptySubsequences: false).dropLast().joined(separator: "|")
  }

  /// The product with `id`: cached when fresh, else loaded once for every caller.
  public func product(id: Product.ID) async throws -> Product {
    try await details.value(for: id) { [service] in try await service.product(id: id) }
  }

  /// Loads the product again whatever is cached: what a user's "reload" asks for.
  public func reloadProduct(id: Product.ID) async throws -> Product {
    try await details.refresh(id) { [service] in try await service.product(id: id) }
  }

  /// The cached product with `id`, whatever its age; synchronous from any isolation.
  public func cachedProduct(id: Product.ID) -> Product? {
    details.cachedValue(for: id)
  }

  /// The product with `id` as every screen sees it (`nil` while none is known), then each
  /// change, for as long as the stream is read. Meanwhile the product is watched: when it is
  /// stale and the app comes back (see ``revalidate(on:)``), it is loaded again in the
  /// background, once however many screens watch it.
  public func productUpdates(id: Product.ID) -> AsyncStream<Product?> {
    details.updates(for: id) { [service] in try await service.product(id: id) }
  }

  /// Listens to `events` for as long as the repository lives: when the app becomes active
  /// again or the network comes back, the products screens watch (``productUpdates(id:)``) that
  /// are not fresh are loaded again.
  public func revalidate<Events: AsyncSequence & Sendable>(on events: Events)
  where Events.Element == LifecycleEvent {
    details.revalidate(on: events)
  }

  /// Makes the products and the searches follow `lifecycle` for as long as the repository
  /// lives: those screens watch are loaded again when the app comes back or the network does.
  public func follow(_ lifecycle: LifecycleHub) {
    lifecycle.register(details)
    lifecycle.register(searches)
  }

  /// The first page of products matching `text` (trimmed, case-insensitive).
  public func search(_ text: String, limit: Int = 30) async throws -> ProductPage {
    let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return try await searches.value(for: "\(query.lowercased())|\(limit)") { [service] in
      try await service.search(query, limit: limit, skip: 0)
    }
  }

  /// Saves `changes` as an optimistic write: every screen shows them at once, over the product
  /// as known, while the request runs; then the server's answer, or the product without them.
  ///
  /// The edit is a layer over the cached product (see Custody's `Cache.write`), so two quick
  /// edits of one product compose: each shows at once over the other, the one that succeeds
  /// commits the server's answer under the one still pending, and the one that fails takes out
  /// its own change and nothing else. The server's answer is merged into the product as known
  /// (see ``Product/merging(_:)``), so a server that answers with only some fields does not
  /// blank the others. It wins over any load that started before.
  ///
  /// ``editedProducts()`` streams the product as screens show it: when the edit is shown, and
  /// again once it is saved or taken out. A saved edit revalidates the cached searches that may
  /// list the product: those whose page lists it, and on a new title those the old or new title
  /// matches; the other searches stay.
  ///
  /// - Parameters:
  ///   - id: The product edited.
  ///   - changes: The fields to change.
  ///   - show: Called on the caller's actor with the product showing the edit, before the
  ///     request goes out, when the product is cached.
  /// - Returns: What every screen now shows and what the server answered; compare the answer
  ///   with `changes` (``SavedEdit/ignoredFields``) to learn whether the server ignored a field.
  /// - Throws: The service's error, or `CancellationError` when the caller was cancelled before
  ///   the request went out; the edit is then no longer shown.
  @discardableResult
  public func save(
    id: Product.ID, changes: ProductChanges, showing show: (Product) -> Void = { _ in }
  ) async throws -> SavedEdit {
    let searchesToRevalidate = searches(thatMayList: id, changing: changes, from: details.cachedValue(for: id))
    var saved: Product?
    do {
      let shown = try await details.write(
        id, optimistically: { $0 = changes.applied(to: $0) }, revalidating: [searchesToRevalidate]
      ) {
        if let pending = details.cachedValue(for: id) {  // the edit is layered in already
          show(pending)
          saves.send(pending)
        }
        return try await service.update(id: id, changes: changes)
      } merge: { answer, known in
        let merged = known?.merging(answer) ?? answer
        saved = merged
        return merged
      }
      saves.send(shown)
      return SavedEdit(shown: shown, saved: saved ?? shown, changes: changes)
    } catch {
      if let shown = details.cachedValue(for: id) { saves.send(shown) }  // without this edit
      throw error
    }
  }

  /// The revalidation of the cached searches an edit of product `id`, known as `before`, may
  /// change: a search whose page lists it shows its old fields, and a new title may make it
  /// join or leave the searches its old or new title matches.
  private func searches(
    thatMayList id: Product.ID, changing changes: ProductChanges, from before: Product?
  ) -> CacheRevalidation {
    let titles = [changes.title, before?.title].compactMap { $0.map(ReadingText.folded) }
    let titleIsUnknown = changes.title != nil && before == nil
    return searches.revalidation { [searches] key in
      if searches.cachedValue(for: key)?.products.contains(where: { $0.id == id }) == true { return true }
      guard changes.title != nil else { return false }
      if titleIsUnknown { return true }  // the old title may have matched
      let query = ReadingText.folded(Self.query(ofSearch: key))
      return !query.isEmpty && titles.contains { $0.contains(query) }
    }
  }

  /// Whether the server keeps `changes` to product `id`: reads the product from the server
  /// again, past the cache, and looks for them. The public service answers an edit as if it
  /// saved it and keeps nothing; its next read has the old values.
  public func keeps(_ changes: ProductChanges, id: Product.ID) async throws -> Bool {
    changes.fields(missingFrom: try await service.product(id: id)).isEmpty
  }

  /// Products as edits change them, for screens that list them: the product showing an edit
  /// when it starts, and again once the edit is saved or taken out.
  public func editedProducts() -> AsyncStream<Product> {
    saves.updates()
  }

  /// Every category.
  public func categories() async throws -> [ProductCategory] {
    try await service.categories()
  }
}
