import Custody
import Observation

/// The product screen's view model: one product, whether it is a favourite, and its edits.
///
/// It holds what the screen shows: the product comes from ``ProductRepository`` (cached and
/// shared with every screen), the favourite flag from ``Favorites``.
///
/// ```swift
/// let detail = ProductDetailViewModel(productID: 1, environment: environment)
/// await detail.load()
/// await detail.toggleFavorite()
/// if let editor = detail.makeEditor() {
///   editor.priceText = "9.99"
///   await detail.save(editor)
/// }
/// ```
@MainActor @Observable
public final class ProductDetailViewModel {
  /// The product shown.
  public let productID: Product.ID
  /// The product; a cached copy shows as `.loaded` at once while the current one loads.
  public private(set) var state: LoadState<Product> = .idle
  /// Whether the product is a favourite; flips at once when toggled.
  public private(set) var isFavorite: Bool
  /// Plain words for the last failed action or invalid edit, or else for the failed load.
  public var message: String? { actionMessage ?? state.error.flatMap(FailureCopy.message(for:)) }
  private var actionMessage: String?
  /// The category of the last failed action, for a front end that words some itself.
  public private(set) var actionFailure: FailureCategory?
  /// Whether an edit is being saved.
  public private(set) var isSaving = false

  @ObservationIgnored private let repository: ProductRepository
  @ObservationIgnored private let favorites: Favorites
  @ObservationIgnored private let latest: LatestTask

  public init(productID: Product.ID, environment: StorefrontEnvironment) {
    self.productID = productID
    repository = environment.repository
    favorites = environment.favorites
    isFavorite = environment.favorites.contains(productID)
    latest = LatestTask(name: "product screen", inspector: environment.inspector)
  }

  /// Shows the cached product at once, if any, then the repository's; a newer call supersedes.
  public func load() async {
    if state.value == nil, let cached = repository.cachedProduct(id: productID) {
      state = .loaded(cached)
    } else {
      state.startLoading()
    }
    let outcome = await latest.run { [repository, productID] in try await repository.product(id: productID) }
    state.apply(outcome)
    if outcome.value != nil { showAction(nil) }
  }

  /// Flips the favourite flag at once; when the change cannot be saved it flips back, saying why.
  public func toggleFavorite() async {
    let wanted = !isFavorite
    isFavorite = wanted
    do {
      try await favorites.setFavorite(wanted, for: productID)
      showAction(nil)
      // custody-audit:ignore CA010 — showAction leaves the screen as it is when the change was cancelled
    } catch {
      isFavorite = favorites.contains(productID)  // the owner has undone the change
      showAction(FailureCategory(error))
    }
  }

  /// A form to edit the product shown; `nil` until it has loaded.
  public func makeEditor() -> EditableProduct? {
    state.value.map { EditableProduct(product: $0) }
  }

  /// Validates and saves `editor`'s changes; every screen sees the saved product through the
  /// repository. A server may answer without taking a field (the public service ignores a price
  /// of 0 and an empty title): the screen shows what the server has and ``message`` names it.
  ///
  /// - Returns: Whether the changes are saved (`true` when there was nothing to change).
  @discardableResult
  public func save(_ editor: EditableProduct) async -> Bool {
    guard let changes = editor.changes() else {
      showAction(nil, editor.validationMessage)
      return false
    }
    guard !changes.isEmpty else { return true }
    isSaving = true
    defer { isSaving = false }
    do {
      let saved = try await repository.save(id: productID, changes: changes)
      latest.cancel()  // a load that started before the save would show the old product
      state.show(saved)
      let ignored = changes.fields(missingFrom: saved)
      showAction(nil, ignored.isEmpty ? nil : FailureCopy.message(ignoring: ignored, keeping: saved))
      return ignored.isEmpty
      // custody-audit:ignore CA010 — showAction leaves the screen as it is when the save was cancelled
    } catch {
      showAction(FailureCategory(error))
      return false
    }
  }

  /// Forgets the failure of the last action: a form that closes takes its words with it.
  public func dismissMessage() {
    showAction(nil)
  }

  /// Shows the failure of an action: `words`, or the copy for `category`; a cancellation leaves what shows.
  private func showAction(_ category: FailureCategory?, _ words: String? = nil) {
    if let category {
      guard let copy = FailureCopy.message(for: category) else { return }
      actionMessage = copy
    } else {
      actionMessage = words
    }
    actionFailure = category
  }
}
