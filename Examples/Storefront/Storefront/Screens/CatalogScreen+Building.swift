import Custody
import Foundation

extension CatalogScreen {
  /// This screen with `product` in place of the row of the same id, or `nil` when no row has
  /// that id. Runs off the caller's actor: finding and copying rows is linear in their count.
  @concurrent
  public func patched(with product: Product) async -> CatalogScreen? {
    guard let index = products.firstIndex(where: { $0.id == product.id }) else { return nil }
    var screen = self
    screen.products[index] = product
    return screen
  }
}
