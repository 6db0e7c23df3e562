import Custody
import Storefront

extension BrowserApp {
  /// Opens the edit form of the product `detail` shows; says why not while there is none.
  func beginEditing(_ detail: ProductDetailViewModel) {
    guard let editor = detail.makeEditor() else {
      remark = detail.state.isLoading ? "the product is still loading" : "there is no product to edit: r loads it again"
      return
    }
    self.editor = editor
    confirmsDiscard = false
    formField = 0
    formEditor = Self.field(editor.title)
    modes.append(.edit)
  }

  func editKey(_ key: Key) {
    guard let editor, let detail else {
      modes.removeLast()
      return
    }
    if confirmsDiscard {
      confirmsDiscard = false
      if key == .character("y") || key == .character("Y") { closeForm(detail) }
      return
    }
    switch key {
    case .escape:
      // An edit is work: Esc asks before it throws one away.
      let untouched = EditableProduct(product: editor.original)
      if editor.title != untouched.title || editor.priceText != untouched.priceText {
        confirmsDiscard = true
      } else {
        closeForm(detail)
      }
    case .tab, .up, .down:
      formField = 1 - formField
      formEditor = Self.field(formField == 0 ? editor.title : editor.priceText)
    case .enter:
      let changes = editor.changes()
      start {
        guard await detail.save(editor) else { return }
        if self.mode == .edit {
          self.editor = nil
          self.modes.removeLast()
          self.notice =
            self.forgetsEdits ? "Saved until storefront quits: the embedded backend forgets edits." : "Saved."
        }
        await self.sayWhetherTheServerKeeps(changes, of: detail.productID)
      }
    default:
      if formEditor.handle(key) { formFieldChanged() }
    }
  }

  /// After a save on a server of its own (not the embedded backend, which says so at once): reads
  /// the product again past the cache and, when the server did not keep `changes` (the public
  /// service answers an edit and keeps nothing), says that a reload or a restart undoes it.
  func sayWhetherTheServerKeeps(_ changes: ProductChanges?, of id: Product.ID) async {
    guard !forgetsEdits, let changes, !changes.isEmpty,
      (try? await environment.repository.keeps(changes, id: id)) == false
    else { return }
    notice = "Saved here only: \(backendName) did not keep the edit, so r or a restart shows the old values."
  }

  /// Leaves the edit form without saving.
  private func closeForm(_ detail: ProductDetailViewModel) {
    editor = nil
    detail.dismissMessage()  // the failure belongs to the form, which is gone
    modes.removeLast()
  }

  func loginKey(_ key: Key) {
    switch key {
    case .escape:
      account.password = ""
      account.dismissMessage()  // the failure belongs to the form, which is gone
      modes.removeLast()
    case .tab, .up, .down:
      formField = 1 - formField
      formEditor = Self.field(formField == 0 ? account.username : account.password)
    case .enter:
      if formField == 0 && account.password.isEmpty {
        formField = 1
        formEditor = Self.field()
        return
      }
      start {
        guard await self.account.signIn(), self.mode == .login else { return }
        self.modes.removeLast()
        self.notice = "Signed in as \(self.account.user?.displayName ?? self.account.username)."
        await self.reloadCatalog { await self.catalog.refresh() }
      }
    default:
      if formEditor.handle(key) { formFieldChanged() }
    }
  }

  /// Gives the form's value what its active field now holds.
  func formFieldChanged() {
    let text = formEditor.text
    switch mode {
    case .edit:
      guard let editor else { return }
      if formField == 0 { editor.title = text } else { editor.priceText = text }
    case .login:
      if formField == 0 { account.username = text } else { account.password = text }
    default:
      break
    }
  }

  /// `l`: the sign-in form, or, when someone is signed in, the question whether to sign out.
  func logInOrOut() {
    guard account.user == nil else {
      modes.append(.confirmSignOut)
      return
    }
    account.dismissMessage()
    formField = account.username.isEmpty ? 0 : 1
    formEditor = Self.field(formField == 0 ? account.username : account.password)
    modes.append(.login)
  }

  func confirmSignOutKey(_ key: Key) {
    modes.removeLast()
    guard key == .character("y") || key == .character("Y") else { return }
    start {
      await self.account.signOut()
      guard self.account.user == nil else { return self.failure = self.account.message }  // not saved: not done
      self.notice = "Signed out."
      await self.reloadCatalog { await self.catalog.refresh() }
    }
  }
}
