import Custody
import Storefront

extension BrowserApp {
  /// The entries of the category list, all categories first, then those the server offers.
  var categoryEntries: [ProductCategory?] {
    [nil] + (categories.state.value ?? [])
  }

  /// `c`: the list of categories, the one listed now selected; loads them the first time, or
  /// again after a failure.
  func openCategories() {
    let entries = categoryEntries
    categorySelection = entries.firstIndex { $0?.slug == catalog.category } ?? 0
    modes.append(.categories)
    guard categories.state.value == nil, !categories.state.isLoading else { return }
    start { await self.categories.load() }
  }

  /// Reacts to a key on the category list; returns an exit status to quit.
  func categoriesKey(_ key: Key) -> Int32? {
    let entries = categoryEntries
    categorySelection = min(categorySelection, entries.count - 1)
    switch key {
    case .character("q"): return 0
    case .escape, .left, .backspace: modes.removeLast()
    case .up, .character("k"): categorySelection = max(categorySelection - 1, 0)
    case .down, .character("j"): categorySelection = min(categorySelection + 1, entries.count - 1)
    case .pageUp: categorySelection = max(categorySelection - visibleRows, 0)
    case .pageDown: categorySelection = min(categorySelection + visibleRows, entries.count - 1)
    case .home, .character("g"): categorySelection = 0
    case .end, .character("G"): categorySelection = entries.count - 1
    case .character("r"): start { await self.categories.load() }
    case .enter, .right:
      modes.removeLast()
      choose(entries[categorySelection])
    case .character("?"): open(.help)
    default: break
    }
    return nil
  }

  /// Lists `category` (`nil`: all products) in the order listed now, from its first row, and
  /// keeps the choice for the next start, as `s` keeps the order.
  func choose(_ category: ProductCategory?) {
    self.category = category
    catalogSelection = 0
    environment.preferences.remember(category: category)  // before the load, so its page is the one saved
    start { await self.loadCatalog { await self.catalog.setCategory(category?.slug) } }
  }

  /// The name of the category with `slug`, as the server calls it; the slug while its name is
  /// not known.
  func categoryName(_ slug: String) -> String {
    if let category, category.slug == slug { return category.name }
    return categories.state.value?.first { $0.slug == slug }?.name ?? slug
  }
}
