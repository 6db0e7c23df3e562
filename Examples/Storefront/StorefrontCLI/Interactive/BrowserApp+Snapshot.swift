import Custody
import Foundation
import Storefront

extension BrowserApp {
  /// The state of every view model the current screen shows, as one value.
  func snapshot() -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.backendName = backendName
    snapshot.devtoolsAddress = devtoolsAddress
    snapshot.userName = account.user?.displayName
    snapshot.favorites = catalog.favorites
    snapshot.updatedAt = updatedAt
    let screen = catalog.state.value
    if case .offline(let savedAt) = screen?.source { snapshot.offlineSince = savedAt }
    snapshot.notice = notice
    snapshot.marksSelection = !style.usesColor
    switch mode {
    case .catalog, .confirmSignOut:
      snapshot.rows = screen.map { Array($0.products) } ?? []
      snapshot.total = screen?.total
      snapshot.skipped = screen?.skipped.count ?? 0
      snapshot.notice = notice ?? catalog.skippedMessage
      snapshot.sort = screen.map(\.sort) ?? catalog.sort  // the order the rows are in
      snapshot.category = (screen.map(\.category) ?? catalog.category).map(categoryName)  // and their category
      snapshot.selection = min(catalogSelection, max(snapshot.rows.count - 1, 0))
      snapshot.failure = failure ?? catalog.message ?? account.message
      if mode == .confirmSignOut {
        snapshot.question = "Sign out of \(account.user?.displayName ?? "your account")? Press y to sign out."
      }
    case .search:
      snapshot.screen = .search(searchField)
      snapshot.lastSearch = environment.preferences.lastSearch
      snapshot.rows = search.state.value?.products ?? []
      snapshot.total = search.state.value?.total
      snapshot.skipped = search.state.value?.skipped.count ?? 0
      snapshot.notice = notice ?? search.skippedMessage
      snapshot.selection = min(searchSelection, max(snapshot.rows.count - 1, 0))
      snapshot.failure = failure ?? search.message
    case .detail:
      snapshot.screen = .detail(
        detail?.state.value, isFavorite: detail?.isFavorite ?? false, isLoading: detail?.state.isLoading ?? false)
      snapshot.failure = failure ?? detail?.message
    case .edit:
      if let editor {
        snapshot.screen = .edit(
          productTitle: editor.original.title, title: formField == 0 ? formEditor : LineEditor(editor.title),
          price: formField == 1 ? formEditor : LineEditor(editor.priceText), field: formField,
          problem: editor.validationMessage ?? detail?.message)  // the form's words stay on the form
        if confirmsDiscard {
          snapshot.question = "Throw away your changes to “\(editor.original.title)”? Press y to throw them away."
        }
      }
      snapshot.failure = failure
    case .login:
      snapshot.screen = .login(
        username: formField == 0 ? formEditor : LineEditor(account.username),
        password: (formField == 1 ? formEditor : LineEditor(account.password)).masked, field: formField)
      snapshot.failure = failure ?? account.message
    case .categories:
      let entries = categoryEntries
      let listed = entries.firstIndex { $0?.slug == catalog.category } ?? 0
      snapshot.screen = .categories(entries.map { $0?.name ?? "All categories" }, listed: listed)
      snapshot.selection = min(categorySelection, entries.count - 1)
      snapshot.failure = failure ?? categories.message
    case .help:
      snapshot.screen = .help
    case .warnings:
      snapshot.screen = .warnings(warnings)
    }
    if snapshot.screen.scrolls { snapshot.scroll = scrolls[mode] ?? 0 }
    snapshot.remark = remark
    snapshot.inspector = shownInspector
    snapshot.isLoading = isBusy
    snapshot.spinner = spinnerFrame(isBusy: snapshot.isLoading)
    // Read whether the spinner shows or not: which properties a frame reads must not depend on
    // the clock, or a registration made before the spinner showed would miss some (FrameTracking).
    let activity = activity
    if snapshot.spinner != nil { snapshot.activity = activity }
    return snapshot
  }

  /// What is loading, in the status line's words: the current screen's own work first, then
  /// the catalog's behind it, then the account's.
  private var activity: String? {
    switch mode {
    case .search where search.state.isLoading:
      return searchField.text.isEmpty ? "searching" : "searching for “\(searchField.text)”"
    case .login where account.isWorking: return "signing in"
    case .categories where categories.state.isLoading: return "loading the categories"
    case .detail, .edit:
      if detail?.isSaving == true { return "saving" }
      if detail?.state.isLoading == true { return "loading the product" }
    default: break
    }
    if catalog.isLoadingMore { return "loading the next page" }
    if catalog.state.isLoading {
      guard let shown = catalog.state.value else { return "loading the first page of products" }
      if case .offline = shown.source { return "loading the live catalog" }
      if shown.category != catalog.category {
        return "listing " + (catalog.category.map(categoryName) ?? "all categories")
      }
      if shown.sort != catalog.sort { return "sorting by \(catalog.sort.map(String.init(describing:)) ?? "id")" }
      return "refreshing"
    }
    if account.isWorking { return account.user == nil ? "signing in" : "signing out" }
    return nil
  }

  private var isBusy: Bool {
    catalog.state.isLoading || catalog.isLoadingMore || account.isWorking
      || (mode == .search && search.state.isLoading) || (mode == .categories && categories.state.isLoading)
      || (detail.map { $0.state.isLoading || $0.isSaving } ?? false)
  }

  /// The spinner's frame once a load has run for ``spinnerDelay``, from the clock.
  private func spinnerFrame(isBusy: Bool) -> Int? {
    guard isBusy else {
      busySince = nil
      return nil
    }
    let now = ContinuousClock.now
    let since = busySince ?? now
    busySince = since
    let elapsed = since.duration(to: now)
    guard elapsed >= Self.spinnerDelay else { return nil }
    return Int(elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000)
  }
}
