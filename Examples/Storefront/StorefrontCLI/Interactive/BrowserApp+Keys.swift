import Custody
import Storefront

extension BrowserApp {
  /// The orders `s` cycles through.
  static let sorts: [ProductSort?] = [
    nil, ProductSort(.price), ProductSort(.price, .descending), ProductSort(.rating, .descending), ProductSort(.title),
  ]

  /// Reacts to a key on the current screen; returns an exit status to quit.
  func handle(_ key: Key) -> Int32? {
    switch mode {
    case .catalog: return catalogKey(key)
    case .search: searchKey(key)
    case .detail: return detailKey(key)
    case .edit: editKey(key)
    case .login: loginKey(key)
    case .help: modes.removeLast()
    }
    return nil
  }

  /// Rows of the table that fit on screen.
  var visibleRows: Int { max(size.rows - 4, 1) }

  private func catalogKey(_ key: Key) -> Int32? {
    let rows = catalog.state.value?.products ?? []
    switch key {
    case .character("q"): return 0
    case .up, .character("k"): catalogSelection = max(catalogSelection - 1, 0)
    case .down, .character("j"):
      if catalogSelection + 1 < rows.count { catalogSelection += 1 } else { loadNextPage() }
    case .pageUp: catalogSelection = max(catalogSelection - visibleRows, 0)
    case .pageDown: catalogSelection = min(catalogSelection + visibleRows, max(rows.count - 1, 0))
    case .home: catalogSelection = 0
    case .end: catalogSelection = max(rows.count - 1, 0)
    case .character("n"), .right: loadNextPage()
    case .character("r"):
      start { await self.loadCatalog { await self.catalog.refresh() } }
    case .character("s"):
      let index = Self.sorts.firstIndex(of: catalog.sort) ?? 0
      let next = Self.sorts[(index + 1) % Self.sorts.count]
      catalogSelection = 0
      start { await self.loadCatalog { await self.catalog.setSort(next) } }
    case .character("/"):
      searchSelection = 0
      modes.append(.search)
    case .enter: if rows.indices.contains(catalogSelection) { openDetail(rows[catalogSelection]) }
    case .character("f"): if rows.indices.contains(catalogSelection) { toggleFavorite(rows[catalogSelection]) }
    case .character("e"):
      if rows.indices.contains(catalogSelection) {
        openDetail(rows[catalogSelection], thenEdit: true)
      }
    case .character("l"): logInOrOut()
    case .character("?"): modes.append(.help)
    case .character("i"): toggleInspector()
    default: break
    }
    return nil
  }

  private func searchKey(_ key: Key) {
    let rows = search.state.value?.products ?? []
    switch key {
    case .escape, .left: modes.removeLast()
    case .up: searchSelection = max(searchSelection - 1, 0)
    case .down: searchSelection = min(searchSelection + 1, max(rows.count - 1, 0))
    case .enter: if rows.indices.contains(searchSelection) { openDetail(rows[searchSelection]) }
    case .backspace:
      guard !searchText.isEmpty else { return }
      type(String(searchText.dropLast()))
    case .control("u"): type("")
    case .character(let character): type(searchText + String(character))
    default: break
    }
  }

  /// Searches as the user types: every keystroke supersedes the last, and the view model
  /// waits for a pause before it asks the server.
  /// The field keeps what was typed at once; the view model's `query` follows when its call runs.
  private func type(_ text: String) {
    searchText = text
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
    case .character("f"): start { await detail.toggleFavorite() }
    case .character("e"): beginEditing(detail)
    case .character("?"): modes.append(.help)
    case .character("i"): toggleInspector()
    default: break
    }
    return nil
  }

  private func editKey(_ key: Key) {
    guard let editor, let detail else {
      modes.removeLast()
      return
    }
    switch key {
    case .escape:
      self.editor = nil
      modes.removeLast()
    case .tab, .up, .down: formField = 1 - formField
    case .backspace:
      if formField == 0 {
        editor.title = String(editor.title.dropLast())
      } else {
        editor.priceText = String(editor.priceText.dropLast())
      }
    case .character(let character):
      if formField == 0 { editor.title.append(character) } else { editor.priceText.append(character) }
    case .enter:
      start {
        guard await detail.save(editor) else { return }
        if self.mode == .edit {
          self.editor = nil
          self.modes.removeLast()
          self.notice = "Saved."
        }
      }
    default: break
    }
  }

  private func loginKey(_ key: Key) {
    switch key {
    case .escape:
      account.password = ""
      modes.removeLast()
    case .tab, .up, .down: formField = 1 - formField
    case .backspace:
      if formField == 0 {
        account.username = String(account.username.dropLast())
      } else {
        account.password = String(account.password.dropLast())
      }
    case .character(let character):
      if formField == 0 { account.username.append(character) } else { account.password.append(character) }
    case .enter:
      if formField == 0 && account.password.isEmpty {
        formField = 1
        return
      }
      start {
        guard await self.account.signIn(), self.mode == .login else { return }
        self.modes.removeLast()
        self.notice = "Signed in as \(self.account.user?.displayName ?? self.account.username)."
        await self.loadCatalog { await self.catalog.refresh() }
      }
    default: break
    }
  }

  private func loadNextPage() {
    guard let screen = catalog.state.value, screen.hasMore else { return }
    let before = screen.products.count
    start {
      await self.loadCatalog { await self.catalog.loadMore() }
      let after = self.catalog.state.value?.products.count ?? 0
      if after > before && self.catalogSelection < before { self.catalogSelection = before }
    }
  }

  private func openDetail(_ product: Product, thenEdit: Bool = false) {
    let detail = ProductDetailViewModel(productID: product.id, environment: environment)
    self.detail = detail
    modes.append(.detail)
    start {
      await detail.load()
      if thenEdit, self.detail === detail, self.mode == .detail { self.beginEditing(detail) }
    }
  }

  private func beginEditing(_ detail: ProductDetailViewModel) {
    guard let editor = detail.makeEditor() else { return }
    self.editor = editor
    formField = 0
    modes.append(.edit)
  }

  private func toggleFavorite(_ product: Product) {
    let detail = ProductDetailViewModel(productID: product.id, environment: environment)
    start {
      await detail.toggleFavorite()
      if let message = detail.message {
        self.failure = message
      } else {
        self.notice = detail.isFavorite ? "Added “\(product.title)” to favourites." : "Removed “\(product.title)”."
      }
    }
  }

  private func logInOrOut() {
    guard account.user != nil else {
      formField = account.username.isEmpty ? 0 : 1
      modes.append(.login)
      return
    }
    start {
      await self.account.signOut()
      self.notice = "Signed out."
      await self.loadCatalog { await self.catalog.refresh() }
    }
  }
}
