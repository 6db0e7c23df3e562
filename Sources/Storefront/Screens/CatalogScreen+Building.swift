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
}
