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
/// Task { await detail.watch() }  // while the screen shows: SwiftUI's `.task { … }`
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
  /// Actions are numbered as they begin and messages as they show, so an action that succeeds
  /// clears only a message shown before it began, not the failure of one that overlapped it.
  @ObservationIgnored private var lastNumber = 0
  @ObservationIgnored private var messageNumber = 0
  /// Whether an edit is being saved.
  public var isSaving: Bool { savesInFlight > 0 }
  /// Edits being saved: a second may start before the first is answered.
  private var savesInFlight = 0

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
    await load(asking: { [repository, productID] in try await repository.product(id: productID) })
  }

  /// Asks the server for the product whatever is cached, showing the cached one meanwhile: a
  /// user's "reload". A newer call supersedes.
  public func reload() async {
    await load(asking: { [repository, productID] in try await repository.reloadProduct(id: productID) })
  }

  private func load(asking fetch: @escaping @Sendable @concurrent () async throws -> Product) async {
    let begun = beginAction()
    if state.value == nil, let cached = repository.cachedProduct(id: productID) {
      state = .loaded(cached)
    } else {
      state.startLoading()
    }
    let outcome = await latest.run(fetch)
    state.apply(outcome)
    if outcome.value != nil { endAction(begun, nil) }
  }

  /// Shows each change of the product while it runs: an edit made on another screen, and the
  /// product loaded again when the app comes back after it went stale (the repository listens
  /// to the environment's `appEvents`). A load in progress goes on. Ends when its task is
  /// cancelled, as SwiftUI's `.task` is when the screen goes.
  public func watch() async {
    for await product in repository.productUpdates(id: productID) {
      guard let product else { continue }
      state = state.showing(product)
    }
  }

  /// Flips the favourite flag at once, as ``Favorites`` shows it to every screen while it is
  /// saved; when the change cannot be saved, ``Favorites`` takes it back and the screen says why
  /// (``actionFailure`` is `.storage`). A cancelled toggle shows no failure.
  public func toggleFavorite() async {
    let begun = beginAction()
    let wanted = !isFavorite
    isFavorite = wanted
    do {
      try await favorites.setFavorite(wanted, for: productID)
      endAction(begun, nil)
      // custody-audit:ignore CA010 — endAction leaves the screen as it is when the change was cancelled
    } catch {
      endAction(begun, FailureCategory(error))
    }
    isFavorite = favorites.contains(productID)  // the owner's set: without this change when it failed
  }

  /// A form to edit the product shown; `nil` until it has loaded.
  public func makeEditor() -> EditableProduct? {
    state.value.map { EditableProduct(product: $0) }
  }

  /// Validates and saves `editor`'s changes. The screen shows them at once, and every screen sees
  /// them through the repository while they are saved; then the server's answer, or, when the
  /// save fails, the product without them (edits still being saved stay) and ``message`` says
  /// why. Edits saved one after the other before the first answer compose: a failed one never
  /// takes a later one with it.
  ///
  /// A server may answer without taking a field (the public service ignores a price of 0 and an
  /// empty title): the screen shows what the server has and ``message`` names it.
  ///
  /// - Returns: Whether the changes are saved (`true` when there was nothing to change).
  @discardableResult
  public func save(_ editor: EditableProduct) async -> Bool {
    guard let changes = editor.changes() else {
      show(editor.validationMessage, failure: nil)
      return false
    }
    guard !changes.isEmpty else { return true }
    let begun = beginAction()
    savesInFlight += 1
    defer { savesInFlight -= 1 }
    do {
      let edit = try await repository.save(id: productID, changes: changes) { pending in
        latest.cancel()  // a load that started before the edit would show the product without it
        state.show(pending)
      }
      latest.cancel()
      state.show(edit.shown)
      let ignored = edit.ignoredFields
      endAction(begun, nil, ignored.isEmpty ? nil : FailureCopy.message(ignoring: ignored, keeping: edit.saved))
      return ignored.isEmpty
      // custody-audit:ignore CA010 — endAction leaves the screen as it is when the save was cancelled
    } catch {
      if let shown = repository.cachedProduct(id: productID) { state.show(shown) }  // without this edit
      endAction(begun, FailureCategory(error))
      return false
    }
  }

  /// Forgets the failure of the last action: a form that closes takes its words with it.
  public func dismissMessage() {
    show(nil, failure: nil)
  }

  private func beginAction() -> Int {
    lastNumber += 1
    return lastNumber
  }

  /// Ends the action begun as number `begun`: shows `words`, or the copy for `category`. A
  /// success (neither) clears a message shown before the action began; a cancellation leaves
  /// what shows.
  private func endAction(_ begun: Int, _ category: FailureCategory?, _ words: String? = nil) {
    if let category {
      guard let copy = FailureCopy.message(for: category) else { return }
      show(copy, failure: category)
    } else if words != nil || messageNumber < begun {
      show(words, failure: nil)
    }
  }

  private func show(_ words: String?, failure: FailureCategory?) {
    lastNumber += 1
    messageNumber = lastNumber
    actionMessage = words
    actionFailure = failure
  }
}
