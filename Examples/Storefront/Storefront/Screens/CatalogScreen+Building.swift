import Foundation

extension CatalogScreen {
  /// This screen with `product` in place of the row of the same id, or `nil` when no row has
  /// that id. Runs off the caller's actor: finding and copying rows is linear in their count.
  @concurrent
  public func patched(with product: Product) async -> CatalogScreen? {
    patchedNow(with: product)
  }

  /// ``patched(with:)`` on the caller's executor, for an owner that builds screens on its own.
  func patchedNow(with product: Product) -> CatalogScreen? {
    guard let index = products.firstIndex(where: { $0.id == product.id }) else { return nil }
    var screen = self
    screen.products[index] = product
    for section in screen.sections.indices {
      if let row = screen.sections[section].products.firstIndex(where: { $0.id == product.id }) {
        screen.sections[section].products[row] = product
      }
    }
    if product.category != products[index].category {
      screen.sections = CatalogPipeline.sectionsNow(of: screen.products)
    }
    return screen
  }
}
