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
/// for await entry in repository.watchProduct(id: 1) { … }  // what the detail screen renders
/// ```
///
/// Its two caches are made with their loaders, so every read names a key alone, and every screen
/// follows an edit through the products cache's own stream of changes.
public final class ProductRepository: Sendable {
  private let service: any ProductService
  private let details: Cache<Product.ID, Product>
  private let searches: Cache<SearchKey, ProductPage>

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
        describeKey: Self.describeProduct, load: Self.productLoader(service)),
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
      inspector: inspector, describeKey: Self.describeSearch
    ) { [service] key in
      try await service.search(key.text, limit: key.limit, skip: 0)
    }
  }

  /// What loads a product into the products cache.
  private static func productLoader(_ service: any ProductService) -> @Sendable (Product.ID) async throws -> Product {
    { id in try await service.product(id: id) }
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
      name: "products", inspector: inspector, describeKey: describeProduct, load: productLoader(service))
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

  /// A search key as inspectors show it: `search "phone"`.
  static func describeSearch(_ key: SearchKey) -> String {
    "search \"\(key.folded)\""
  }

  /// The product with `id`: cached when fresh, else loaded once for every caller.
  public func product(id: Product.ID) async throws -> Product {
    try await details.value(for: id)
  }

  /// Loads the product again whatever is cached: what a user's "reload" asks for.
  public func reloadProduct(id: Product.ID) async throws -> Product {
    try await details.refresh(id)
  }

  /// The cached product with `id`, whatever its age; synchronous from any isolation.
  public func cachedProduct(id: Product.ID) -> Product? {
    details.cachedValue(for: id)
  }

  /// What the detail screen of product `id` renders, first as it is, then on every change:
  /// the product as every screen sees it (with edits still being saved), whether it loads, and
  /// the last failure (`LoadState(entry)` reads it as a load state).
  ///
  /// The product is loaded when none is fresh, with the load every caller of
  /// ``product(id:)`` shares; a stale one shows at once while it is loaded again. For as long
  /// as the stream is read the product is watched: when it is stale and the app comes back
  /// (see ``revalidate(on:)``), it is loaded again in the background, once however many
  /// screens watch it.
  public func watchProduct(id: Product.ID) -> AsyncStream<WatchedEntry<Product>> {
    details.watch(id)
  }

  /// The product with `id` as every screen sees it (`nil` while none is known), then each
  /// change, for as long as the stream is read: the products of ``watchProduct(id:)``'s
  /// entries, each once.
  public func productUpdates(id: Product.ID) -> AsyncStream<Product?> {
    Self.forwarding(details.watch(id), bufferingNewest: 1) { entry, last in
      last == .some(entry.value) ? nil : entry.value
    }
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

  /// The first page of products matching `text` as every screen sees it, first as it is, then
  /// on every change: loaded when none is fresh, with the load ``search(_:limit:)`` shares, and
  /// watched while the stream is read, so it is loaded again when it is stale and the app comes
  /// back (see ``follow(_:)``).
  public func watchSearch(_ text: String, limit: Int = 30) -> AsyncStream<WatchedEntry<ProductPage>> {
    searches.watch(SearchKey(text, limit: limit))
  }

  /// The first page of products matching `text` (trimmed, case-insensitive).
  public func search(_ text: String, limit: Int = 30) async throws -> ProductPage {
    try await searches.value(for: SearchKey(text, limit: limit))
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
    let edit = try await details.mutate(
      id, optimistically: { $0 = changes.applied(to: $0) }, revalidating: [searchesToRevalidate]
    ) { pending in
      if let pending { show(pending) }
      return try await service.update(id: id, changes: changes)
    } merge: { answer, known in
      known?.merging(answer) ?? answer
    }
    return SavedEdit(shown: edit.shown, saved: edit.saved, changes: changes)
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
      let query = ReadingText.folded(key.folded)
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
  /// when it starts, and again once the edit is saved or taken out. The products cache's own
  /// changes, those its writes made.
  public func editedProducts() -> AsyncStream<Product> {
    Self.forwarding(details.updates(), bufferingNewest: nil) { change, _ in
      change.cause == .write ? change.value : nil
    }
  }

  /// `source` as an `AsyncStream` of what `transform` makes of each element and the output
  /// before it, skipping `nil`. The subscription to `source` is made by the caller, so nothing
  /// sent after the call is missed; the forwarding ends when the returned stream's consumer
  /// goes away.
  private static func forwarding<Element: Sendable, Output: Sendable>(
    _ source: AsyncStream<Element>, bufferingNewest newest: Int?,
    _ transform: @escaping @Sendable (Element, _ last: Output?) -> Output?
  ) -> AsyncStream<Output> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: newest.map { .bufferingNewest($0) } ?? .unbounded)
    let forwarding = Task {
      var last: Output?
      for await element in source {
        guard let output = transform(element, last) else { continue }
        last = output
        continuation.yield(output)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in forwarding.cancel() }
    return stream
  }

  /// A search as the searches cache keys it: the words as typed, trimmed, which the request
  /// sends, and the limit; two searches whose words differ only in case are one.
  struct SearchKey: Hashable, Sendable {
    let text: String
    let limit: Int
    /// The words compared, lowercased.
    let folded: String

    init(_ text: String, limit: Int) {
      self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
      self.limit = limit
      folded = self.text.lowercased()
    }

    static func == (lhs: SearchKey, rhs: SearchKey) -> Bool { lhs.folded == rhs.folded && lhs.limit == rhs.limit }

    func hash(into hasher: inout Hasher) {
      hasher.combine(folded)
      hasher.combine(limit)
    }
  }

  /// Every category.
  public func categories() async throws -> [ProductCategory] {
    try await service.categories()
  }
}
