import Custody

// Everything here runs on the feed's executor, so a screen of thousands of rows is built off
// the caller's actor; nothing suspends between reading `shown` and building on it, so a patch
// and a page can never build on each other's stale rows.
extension CatalogFeed {
  /// The three ways to ask `pager` for pages.
  enum Fetch {
    /// The first page, unless the list has one.
    case first
    /// The next page.
    case next
    /// The list started over.
    case refresh
  }

  /// What a page says of the listing besides its products.
  struct Listed: Sendable {
    /// How many products the listing has.
    var total: Int
    /// The page's entries that could not be read.
    var skipped: [SkippedProduct] = []
  }

  static func pager(
    _ service: any ProductService, sort: ProductSort?, category: String?, pageSize: Int, skip: Int,
    inspector: (any OwnerInspector)?
  ) -> Pager<Int, Product, Listed> {
    Pager(first: skip, name: "catalog feed", inspector: inspector) { skip in
      let page = try await service.products(ProductQuery(limit: pageSize, skip: skip, sort: sort, category: category))
      return Page(
        items: page.products, next: page.hasMore ? page.nextSkip : nil,
        info: Listed(total: page.total, skipped: page.skipped))
    }
  }

  /// Fetches from the pager of the order listed now and builds the screen; `nil` when a new
  /// order replaced that pager meanwhile.
  func fetch(_ kind: Fetch) async throws -> ScreenDelivery<CatalogScreen>.Built? {
    let pager = self.pager
    if kind == .first, let shown, shown.source == .live, !(await pager.snapshot.items.isEmpty) {
      return remember(shown)
    }
    lastCall &+= 1
    let call = lastCall
    let task = Task { kind == .refresh ? try await pager.refresh() : try await pager.loadNext() }
    calls[call] = task
    let result = await withTaskCancellationHandler {
      await task.result
    } onCancel: {
      task.cancel()
    }
    calls[call] = nil
    guard pager === self.pager else { return nil }
    let snapshot = try result.get()
    let screen = build(snapshot, keepingRowsOf: kind == .next ? shown : nil)
    // A page whose every entry was unreadable is a failure, not an empty catalog: the page
    // kept from before stays.
    let isUnreadable = screen.products.isEmpty && !screen.skipped.isEmpty
    if kind != .next, links.keepsFirstPage(sort), !isUnreadable {
      links.offline?.remember(screen.products, total: screen.total, sort: sort)
    }
    return remember(screen)
  }

  /// Replaces the pager with one in `sort` order and loads its first page; the calls waiting for
  /// the old one are cancelled and get `nil`.
  func changeSort(to sort: ProductSort?) async throws -> ScreenDelivery<CatalogScreen>.Built? {
    self.sort = sort
    for call in calls.values { call.cancel() }
    BackgroundRelease.release(pager)  // its pages may be the last copies of thousands of products
    pager = Self.pager(service, sort: sort, category: category, pageSize: pageSize, skip: skip, inspector: inspector)
    return try await fetch(.first)
  }

  /// The screen of the saved page, when it lists what this feed lists and nothing was built yet.
  func buildSavedScreen() -> ScreenDelivery<CatalogScreen>.Built? {
    guard shown == nil, category == nil, skip == 0, let snapshot = links.offline?.snapshot, snapshot.sort == sort
    else { return nil }
    var screen = build(
      PagerSnapshot(items: snapshot.products, hasMore: false, info: Listed(total: snapshot.total)), keepingRowsOf: nil)
    screen.source = .offline(savedAt: snapshot.savedAt)
    return remember(screen)
  }

  /// The screen with `product` in place of its row; `nil` when no row lists it.
  func patched(with product: Product) -> ScreenDelivery<CatalogScreen>.Built? {
    guard let screen = shown?.patchedNow(with: product) else { return nil }
    return remember(screen)
  }

  /// The screen of `snapshot`, keeping the rows of `shown` for the products it lists already:
  /// they may carry edits saved since their page was fetched. The entries left out are those of
  /// the pages `shown` listed and of the last page.
  private func build(
    _ snapshot: PagerSnapshot<Product, Listed>, keepingRowsOf shown: CatalogScreen?
  ) -> CatalogScreen {
    var products = snapshot.items
    if let kept = shown?.products, kept.count <= products.count, zip(kept, products).allSatisfy({ $0.id == $1.id }) {
      products.replaceSubrange(0..<kept.count, with: kept)
    }
    return CatalogScreen(
      products: products, sections: CatalogPipeline.sectionsNow(of: products),
      total: snapshot.info?.total ?? products.count, hasMore: snapshot.hasMore, sort: sort,
      skipped: SkippedProduct.merged(shown?.skipped ?? [], snapshot.info?.skipped ?? []))
  }

  /// Makes `screen` the one to build on and numbers it for delivery.
  private func remember(_ screen: CatalogScreen) -> ScreenDelivery<CatalogScreen>.Built {
    built &+= 1
    shown = screen
    return ScreenDelivery.Built(number: built, value: screen)
  }
}
