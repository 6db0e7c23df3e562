import Foundation

extension CatalogScreen {
  /// The screen for a page persisted by ``OfflineCatalog``: its rows and sections, marked
  /// ``Source/offline(savedAt:)``. There is nothing more to load until the server answers.
  @concurrent
  public static func offline(_ snapshot: CatalogSnapshot) async -> CatalogScreen {
    var screen = await CatalogPipeline.screen(
      for: CatalogSlice(products: snapshot.products, hasMore: false, total: snapshot.total), sort: snapshot.sort)
    screen.source = .offline(savedAt: snapshot.savedAt)
    return screen
  }

  /// This screen with `product` in place of the row of the same id, or `nil` when no row has
  /// that id. Runs off the caller's actor: finding and copying rows is linear in their count.
  @concurrent
  public func patched(with product: Product) async -> CatalogScreen? {
    guard let index = products.firstIndex(where: { $0.id == product.id }) else { return nil }
    var screen = self
    screen.products[index] = product
    for section in screen.sections.indices {
      if let row = screen.sections[section].products.firstIndex(where: { $0.id == product.id }) {
        screen.sections[section].products[row] = product
      }
    }
    if product.category != products[index].category {
      screen.sections = await CatalogPipeline.sections(of: screen.products)
    }
    return screen
  }

  /// The screen for `slice`, the list after a next page, keeping the rows of `shown` for the
  /// products it already lists: they may carry edits saved since their page was fetched.
  @concurrent
  public static func extending(
    _ shown: CatalogScreen, with slice: CatalogSlice, sort: ProductSort?
  ) async
    -> CatalogScreen
  {
    var products = slice.products
    let kept = shown.products.count
    if kept <= products.count, zip(shown.products, products).allSatisfy({ $0.id == $1.id }) {
      products.replaceSubrange(0..<kept, with: shown.products)
    }
    return await CatalogPipeline.screen(
      for: CatalogSlice(products: products, hasMore: slice.hasMore, total: slice.total), sort: sort)
  }
}
