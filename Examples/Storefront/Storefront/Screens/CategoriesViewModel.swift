import Custody
import Observation

/// The list of categories, for a category picker.
///
/// ```swift
/// let categories = CategoriesViewModel(repository: environment.repository)
/// await categories.load()
/// for category in categories.state.value ?? [] { print(category.name) }
/// ```
@MainActor @Observable
public final class CategoriesViewModel {
  /// The categories, or the failure of the last load (keeping what was shown).
  public private(set) var state: LoadState<[ProductCategory]> = .idle
  /// Plain words for the failure shown; `nil` when the last load did not fail.
  public var message: String? { state.error.flatMap(FailureCopy.message(for:)) }

  private let repository: ProductRepository
  private let latest: LatestTask

  public init(repository: ProductRepository, inspector: (any OwnerInspector)? = nil) {
    self.repository = repository
    latest = LatestTask(name: "categories", inspector: inspector)
  }

  /// Loads the categories; a newer load supersedes this one, and cancellation shows nothing.
  public func load() async {
    await latest.load(\.state, on: self) { [repository] in try await repository.categories() }
  }
}
