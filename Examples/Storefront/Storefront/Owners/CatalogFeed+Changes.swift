import Custody

extension CatalogFeed {
  /// A change of what the catalog screen shows, made elsewhere in the app.
  public enum Change: Sendable {
    /// The favourite products are now these.
    case favorites(Set<Product.ID>)
    /// A product was saved: the screen with its row replaced.
    case screen(CatalogScreen)
  }

  /// Follows the favourites and the saved products of the links until the calling task is
  /// cancelled, as SwiftUI's `.task {}` does when the screen goes away, and hands each change to
  /// `show` on the caller's actor: the favourites as they are, a saved product as the screen
  /// with its row replaced (built off the caller's actor, answered in order like every screen).
  ///
  /// Both are subscribed to before the first suspension, so nothing sent after the call is missed.
  public nonisolated(nonsending) func followChanges(_ show: (Change) -> Void) async {
    enum Incoming: Sendable {
      case favorites(Set<Product.ID>)
      case saved(Product)
    }
    let favoriteUpdates = links.favorites?.updates()
    let savedProducts = links.repository?.savedProducts()
    let (incoming, input) = AsyncStream.makeStream(of: Incoming.self)
    await withDiscardingTaskGroup { group in
      group.addTask {
        guard let favoriteUpdates else { return }
        for await ids in favoriteUpdates { input.yield(.favorites(ids)) }
      }
      group.addTask {
        guard let savedProducts else { return }
        for await product in savedProducts { input.yield(.saved(product)) }
      }
      for await change in incoming {
        switch change {
        case .favorites(let ids): show(.favorites(ids))
        case .saved(let product):
          if let built = await patched(with: product) { show(.screen(delivery.deliver(built))) }
        }
      }
    }
  }
}
