import Custody
import Storefront

extension BrowserApp {
  /// What a screen follows while it shows, as the SwiftUI screens do in their `.task`s.
  enum Followed: Hashable {
    /// The product of a details screen (and of its edit form): each change of it shows, and the
    /// app's lifecycle reloads it when it is stale and the terminal gains focus again.
    case product(ObjectIdentifier)
    /// The results of a search, for the words they answer: the same, for the cached search.
    case results(String)
  }

  /// What the current screen should follow: the details' product, the search's results, or
  /// nothing.
  var screenToFollow: Followed? {
    switch mode {
    case .detail, .edit: detail.map { .product(ObjectIdentifier($0)) }
    case .search: search.state.value.map { .results($0.query) }
    default: nil
    }
  }

  /// Starts following what the screen shows when it changed (another product, results for
  /// other words), ending what the screen before followed; called after every event, so a
  /// screen left stops following at once.
  ///
  /// A watched product or search is one the app's lifecycle hub revalidates: a focus-in
  /// (``focusChanged(gained:)``) reloads it when it is stale, and the screen shows the answer.
  func followShownScreen() {
    let wanted = screenToFollow
    guard wanted != followed else { return }
    followed = wanted
    switch wanted {
    case .product:
      guard let detail else { return following.cancel() }
      following.start { await detail.watch() }
    case .results:
      following.start { [search] in await search.watchResults() }
    case nil:
      following.cancel()
    }
  }
}
