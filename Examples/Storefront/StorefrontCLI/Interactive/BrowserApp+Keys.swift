import Custody
import Storefront

extension BrowserApp {
  /// The orders `s` cycles through.
  static let sorts: [ProductSort?] = [
    nil, ProductSort(.price), ProductSort(.price, .descending), ProductSort(.rating, .descending),
    ProductSort(.rating), ProductSort(.title), ProductSort(.title, .descending),
  ]

  /// Reacts to a key on the current screen; returns an exit status to quit.
  func handle(_ key: Key) -> Int32? {
    switch key {
    case .paste(let text):
      paste(text)
      return nil
    case .wheel(let up):
      guard let arrow = arrow(forWheelUp: up) else { return nil }
      return handle(arrow)
    default:
      break
    }
    switch mode {
    case .catalog: return catalogKey(key)
    case .search: searchKey(key)
    case .detail: return detailKey(key)
    case .edit: editKey(key)
    case .login: loginKey(key)
    case .confirmSignOut: confirmSignOutKey(key)
    case .categories: return categoriesKey(key)
    case .help, .warnings: if !scroll(by: key) { modes.removeLast() }
    }
    return nil
  }

  /// Rows of the table that fit on screen.
  var visibleRows: Int { max(size.rows - 4, 1) }

  /// Whether `key` must wait for the rows that earlier Down presses are waiting for: every key
  /// but `q` does, and Down itself only behind another waiting key, so the order stays.
  func waitsForRows(_ key: Key) -> Bool {
    guard pendingMoves > 0, key != .character("q") else { return false }
    return !deferredKeys.isEmpty || (key != .down && key != .character("j"))
  }

  private func catalogKey(_ key: Key) -> Int32? {
    let rows = catalog.state.value?.products ?? []
    // A refresh or a new sort may have shortened the list under the selection.
    catalogSelection = min(catalogSelection, max(rows.count - 1, 0))
    switch key {
    case .character("q"): return 0
    case .up, .character("k"): catalogSelection = max(catalogSelection - 1, 0)
    case .down, .character("j"):
      if catalogSelection + 1 < rows.count {
        catalogSelection += 1
      } else if catalog.state.value?.hasMore == true {
        pendingMoves += 1
        fetchNextPage(jumping: false)
      } else {
        remark = whyNoNextPage()
      }
    case .pageUp: catalogSelection = max(catalogSelection - visibleRows, 0)
    case .pageDown: catalogSelection = min(catalogSelection + visibleRows, max(rows.count - 1, 0))
    case .home, .character("g"): catalogSelection = 0
    case .end, .character("G"):
      catalogSelection = max(rows.count - 1, 0)
      if let screen = catalog.state.value, screen.hasMore {
        remark = "the last row loaded, \(rows.count) of \(screen.total): ↓ or n loads more"
      }
    case .character("n"), .right:
      if let why = whyNoNextPage() { remark = why } else { fetchNextPage(jumping: true) }
    case .character("r"):
      start { await self.reloadCatalog { await self.catalog.refresh() } }
    case .character("s"):
      let index = Self.sorts.firstIndex(of: catalog.sort) ?? 0
      let next = Self.sorts[(index + 1) % Self.sorts.count]
      catalogSelection = 0
      environment.preferences.remember(sort: next)  // before the load, so its page is the one saved
      start { await self.loadCatalog { await self.catalog.setSort(next) } }
    case .character("c"): openCategories()
    case .character("/"): openSearch()
    case .enter: if rows.indices.contains(catalogSelection) { openDetail(rows[catalogSelection]) }
    case .character("f"):
      guard rows.indices.contains(catalogSelection) else { break }
      let product = rows[catalogSelection]
      start { await self.toggleFavorite(product) }
    case .character("e"):
      if rows.indices.contains(catalogSelection) { openDetail(rows[catalogSelection], thenEdit: true) }
    case .character("l"): logInOrOut()
    case .character("?"): open(.help)
    case .character("i"): toggleInspector()
    default: break
    }
    return nil
  }

  private func openSearch() {
    searchField = Self.field()
    searchSelection = 0
    modes.append(.search)
    start { await self.search.search("") }  // forgets the results of the last search
  }

  private func searchKey(_ key: Key) {
    let rows = search.state.value?.products ?? []
    switch key {
    case .escape:
      environment.preferences.remember(search: searchField.text)
      modes.removeLast()
    case .up where searchField.text.isEmpty:
      // The empty field brings back the last search, as a shell brings back the last command.
      guard let last = environment.preferences.lastSearch else { return }
      searchField = Self.field(last)
      searchChanged()
    case .up: searchSelection = max(searchSelection - 1, 0)
    case .down: searchSelection = min(searchSelection + 1, max(rows.count - 1, 0))
    case .enter:
      guard rows.indices.contains(searchSelection) else { return }
      environment.preferences.remember(search: searchField.text)
      openDetail(rows[searchSelection])
    default:
      let before = searchField.text
      guard searchField.handle(key), searchField.text != before else { return }
      searchChanged()
    }
  }

  /// Searches for the field's text, selecting the first result.
  func searchChanged() {
    // Every edit supersedes the last; the view model waits for a pause before it asks.
    let text = searchField.text
    searchSelection = 0
    start { await self.search.search(text) }
  }

  private func detailKey(_ key: Key) -> Int32? {
    guard let detail else {
      modes.removeLast()
      return nil
    }
    switch key {
    case .character("q"): return 0
    case .escape, .left, .backspace: modes.removeLast()
    case .character("r"):
      start {
        await detail.reload()
        self.remark = nil
      }
    case .character("f"): start { await detail.toggleFavorite() }
    case .character("e"): beginEditing(detail)
    case .character("?"): open(.help)
    case .character("i"): toggleInspector()
    default: _ = scroll(by: key)
    }
    return nil
  }

  /// Opens the product's details; with `thenEdit`, its edit form in their place once it has
  /// loaded, so leaving the form goes back to the list.
  private func openDetail(_ product: Product, thenEdit: Bool = false) {
    let detail = ProductDetailViewModel(productID: product.id, environment: environment)
    self.detail = detail
    open(.detail)
    start {
      await detail.load()
      self.remark = nil  // "still loading" no longer holds
      guard thenEdit, self.detail === detail, self.mode == .detail, detail.state.value != nil else { return }
      self.modes.removeLast()
      self.beginEditing(detail)
    }
  }

  /// Marks `product` as a favourite or not from the list, through a product screen's view model,
  /// and says how it went on the list: a failure in the status line; a cancelled toggle not at all.
  func toggleFavorite(_ product: Product) async {
    let detail = ProductDetailViewModel(productID: product.id, environment: environment)
    let before = detail.isFavorite
    await detail.toggleFavorite()
    if let message = detail.message {
      failure = message
    } else if detail.isFavorite != before {
      notice = detail.isFavorite ? "Added “\(product.title)” to favourites." : "Removed “\(product.title)”."
    }
  }
}
