import Custody
import Foundation
import Storefront

extension CommandRunner {
  /// `products`: the window `--skip`/`--limit` of the catalog, asked of the server as one page.
  /// When the server cannot be reached, the page saved at the last run is shown instead, marked
  /// as such, if it holds the window.
  func products(_ request: ProductsRequest) async throws -> String {
    // One request for the window asked for: the feed starts after the skipped rows.
    let catalog = CatalogViewModel(
      environment: environment, sort: request.sort, category: request.category, skip: request.skip,
      pageSize: request.limit)
    await catalog.start()
    let listing: Listing
    if case .loaded(let screen) = catalog.state, screen.source == .live {
      listing = Listing(
        products: Array(screen.products.prefix(request.limit)), total: screen.total, savedAt: nil,
        skipped: screen.skipped)
    } else if let saved = savedListing(request, failure: catalog.state.failure) {
      listing = saved
      let failure = failure(catalog.state.failure, message: catalog.message).message
      console.writeError(
        "storefront: warning: \(failure) Showing the products saved at \(Self.timestamp(saved.savedAt)).\n")
    } else {
      throw listingFailure(catalog.state.failure, message: catalog.message)
    }
    if listing.total == 0, let category = request.category { try await checkCategory(category) }
    return await render(listing, request, favorites: catalog.favorites)
  }

  /// The products of one window and where they came from.
  private struct Listing {
    var products: [Product]
    var total: Int
    /// When the page was saved, for a page read from disk; `nil` when live.
    var savedAt: Date?
    /// The entries the server sent for the window that could not be read.
    var skipped: [SkippedProduct] = []
  }

  /// The window from the page saved at the last run, when the server could not be reached and
  /// that page lists the same products in the same order.
  private func savedListing(_ request: ProductsRequest, failure: FailureCategory?) -> Listing? {
    guard failure == .offline || failure == .timedOut, request.category == nil,
      let snapshot = environment.offlineCatalog.snapshot, snapshot.sort == request.sort,
      request.skip < snapshot.products.count || request.skip >= snapshot.total
    else { return nil }
    let products = Array(snapshot.products.dropFirst(request.skip).prefix(request.limit))
    return Listing(products: products, total: snapshot.total, savedAt: snapshot.savedAt)
  }

  /// Fails when no category has the slug `slug`: the public service answers an unknown one with
  /// an empty list, which would otherwise read as a category without products.
  private func checkCategory(_ slug: String) async throws {
    let model = CategoriesViewModel(environment: environment)
    await model.load()
    guard let categories = model.state.value, !categories.contains(where: { $0.slug == slug }) else { return }
    throw CommandFailure(
      "No category is called “\(TerminalText.inert(slug))”. See the list with `storefront categories`.")
  }

  private func render(_ listing: Listing, _ request: ProductsRequest, favorites: Set<Product.ID>) async -> String {
    let products = listing.products
    if request.json {
      return await JSONOutput.encode(
        JSONOutput.ProductList(
          products: products.map { .init($0, isFavorite: favorites.contains($0.id)) }, total: listing.total,
          skip: request.skip, count: products.count, sort: request.sort, category: request.category,
          source: listing.savedAt == nil ? "live" : "offline", savedAt: listing.savedAt,
          skipped: listing.skipped.map(JSONOutput.Skipped.init)))
    }
    // Said, never dropped silently; the range counts every entry the server sent.
    let skipped = SkippedProduct.sentence(for: listing.skipped).map { style.warning(TerminalText.inert($0)) + "\n" }
    if products.isEmpty {
      if let skipped { return skipped }
      return request.skip >= listing.total && listing.total > 0
        ? "No products after the first \(listing.total).\n" : "No products.\n"
    }
    var text = await ProductFormatting.table(products, favorites: favorites).render(width: console.width, style: style)
    let first = request.skip + 1
    let sent = products.count + listing.skipped.count
    let range =
      sent == 1
      ? "Product \(first) of \(listing.total)"
      : "Products \(first)–\(request.skip + sent) of \(listing.total)"
    let order = request.sort.map {
      ", by \($0.field.rawValue) \($0.order == .ascending ? "ascending" : "descending")"
    }
    let saved = listing.savedAt.map { ", saved \(Self.timestamp($0))" } ?? ""
    text +=
      style.dim(
        "\(range)\(order ?? "")\(request.category.map { " in " + TerminalText.inert($0) } ?? "")\(saved).")
      + "\n" + (skipped ?? "")
    return text
  }

  private static func timestamp(_ date: Date?) -> String {
    date.map { $0.formatted(.iso8601) } ?? "an unknown time"
  }
}
