import Custody

extension CatalogFeed {
  /// A change of what the catalog screen shows, made elsewhere in the app.
  public enum Change: Sendable {
    /// The favourite products are now these.
    case favorites(Set<Product.ID>)
    /// A product was edited (an edit shown, saved or taken back): the screen with its row replaced.
    case screen(CatalogScreen)
  }

  /// Follows the favourites and the edited products of the links until the calling task is
  /// cancelled, as SwiftUI's `.task {}` does when the screen goes away, and hands each change to
  /// `show` on the caller's actor: the favourites as they are, an edited product that is listed
  /// as the screen with its row replaced (answered in order like every screen).
  ///
  /// Both are subscribed to before the first suspension, so nothing sent after the call is missed.
  public func followChanges(_ show: (Change) -> Void) async {
    enum Incoming: Sendable {
      case favorites(Set<Product.ID>)
      case edited(Product)
    }
    let favoriteUpdates = links.favorites?.updates()
    let editedProducts = links.repository?.editedProducts()
    let (incoming, input) = AsyncStream.makeStream(of: Incoming.self)
    // Two loops forward both streams into one. `show` is called only from this function's own
    // body below: the body of a task group started here runs on the global executor, not on
    // the caller's actor, and a screen's state would be changed off its actor.
    let forwarding = Task {
      await withDiscardingTaskGroup { group in
        group.addTask {
          guard let favoriteUpdates else { return }
          for await ids in favoriteUpdates { input.yield(.favorites(ids)) }
        }
        group.addTask {
          guard let editedProducts else { return }
          for await product in editedProducts { input.yield(.edited(product)) }
        }
      }
    }
    // Ends when the calling task is cancelled: a stream's iteration is cancelled with its task.
    for await change in incoming {
      switch change {
      case .favorites(let ids): show(.favorites(ids))
      case .edited(let product):
        // The pager keeps the edit over any page fetched before it (its rule P6).
        if await pager.pager.update(product.id, { $0 = product }) { show(.screen(CatalogScreen(await pager.listing))) }
      }
    }
    forwarding.cancel()
  }
}
