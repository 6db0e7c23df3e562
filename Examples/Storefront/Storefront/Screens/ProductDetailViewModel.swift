import Custody
import Observation

/// The product screen's view model: a product of ``ProductRepository``, whether it is a favourite
/// (``Favorites``), and its edits, whose overlapping outcomes follow `ActionState`'s rules.
@MainActor @Observable
public final class ProductDetailViewModel {
  public let productID: Product.ID
  /// The product; a cached copy shows as `.loaded` at once while the current one loads.
  public private(set) var state: LoadState<Product> = .idle
  /// Whether the product is a favourite; flips at once when toggled.
  public private(set) var isFavorite: Bool
  /// The outcome of the user's actions (its `failure` is the last failed action's); saves run.
  public private(set) var actions = ActionState<String>()
  /// Plain words for the last failed action or invalid edit, or else for the failed load.
  public var message: String? { actions.message ?? state.error.flatMap(FailureCopy.message(for:)) }
  public var isSaving: Bool { actions.isRunning }

  private let repository: ProductRepository
  private let favorites: Favorites
  private let latest: LatestTask

  public init(
    productID: Product.ID, repository: ProductRepository, favorites: Favorites, inspector: (any OwnerInspector)? = nil
  ) {
    (self.productID, self.repository, self.favorites) = (productID, repository, favorites)
    isFavorite = favorites.contains(productID)
    latest = LatestTask(name: "product screen", inspector: inspector)
  }

  /// Shows the cached product at once, if any, then the repository's; a newer call supersedes.
  public func load() async { await load(reloading: false) }
  /// As ``load()``, asking the server whatever is cached: a user's "reload".
  public func reload() async { await load(reloading: true) }

  private func load(reloading: Bool) async {
    let action = actions.begin(counted: false)
    state.startLoading(orShowing: repository.cachedProduct(id: productID))
    let outcome = await latest.run { [repository, productID] in
      try await reloading ? repository.reloadProduct(id: productID) : repository.product(id: productID)
    }
    state.apply(outcome)
    if outcome.value != nil { actions.succeed(action) } else { actions.cancel(action) }
  }

  /// Shows each change of the product (an edit, a reload when the app comes back) until cancelled.
  public func watch() async {
    for await case let product? in repository.productUpdates(id: productID) { state = state.showing(product) }
  }

  /// Flips the favourite at once; ``Favorites`` takes it back when it cannot be saved.
  public func toggleFavorite() async {
    isFavorite.toggle()
    await ActionState.perform(\.actions, on: self, counted: false, saying: FailureCopy.message(for:)) { [isFavorite] in
      try await favorites.setFavorite(isFavorite, for: productID)
    }
    isFavorite = favorites.contains(productID)  // the owner's set: without this change when it failed
  }

  /// A form to edit the product shown; `nil` until it has loaded.
  public func makeEditor() -> EditableProduct? { state.value.map { EditableProduct(product: $0) } }

  /// Saves `editor`'s valid changes, shown on every screen at once (loads meanwhile commit nothing),
  /// then the server's answer, or the product without them and a ``message``. `true`: saved.
  @discardableResult
  public func save(_ editor: EditableProduct) async -> Bool {
    guard let changes = editor.changes() else { actions.show(editor.validationMessage); return false }
    guard !changes.isEmpty else { return true }
    let edit = await ActionState.perform(\.actions, on: self, saying: FailureCopy.message(for:)) {
      try await latest.change { try await repository.save(id: productID, changes: changes) { state.show($0) } }
    }
    if let shown = edit?.shown ?? repository.cachedProduct(id: productID) { state.show(shown) }
    if let edit, let ignored = FailureCopy.message(ignoringFieldsOf: edit) { actions.show(ignored) }
    return edit?.ignoredFields.isEmpty ?? false
  }

  /// Forgets the failure of the last action: a form that closes takes its words with it.
  public func dismissMessage() { actions.dismiss() }
}
