import Custody
import Observation

extension CatalogViewModel {
  /// Replaces the row of `product`, if it is listed. The new screen is built off the main
  /// actor; when the state changed meanwhile, the patch is built again on the new state.
  func patch(with product: Product) async {
    while true {
      guard let shown = state.value else { return }
      let seen = revision
      let patched = await shown.patched(with: product)
      BackgroundRelease.release(shown)  // the state may have let go of it meanwhile
      guard let patched else { return }
      guard seen == revision else {
        BackgroundRelease.release(patched)
        continue
      }
      commit { $0.replaceValue(with: patched) }
      return
    }
  }
}
