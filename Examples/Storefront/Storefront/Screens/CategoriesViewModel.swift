import Custody
import Observation

/// The list of categories, for a category picker.
///
/// ```swift
/// let categories = CategoriesViewModel(environment: environment)
/// await categories.load()
/// for category in categories.state.value ?? [] { print(category.name) }
/// ```
@MainActor @Observable
public final class CategoriesViewModel {
  /// The categories, or the failure of the last load (keeping what was shown).
  public private(set) var state: LoadState<[ProductCategory]> = .idle
  /// Plain words for the last failure; `nil` when the last load succeeded.
  public private(set) var message: String?

  @ObservationIgnored private let repository: ProductRepository
  @ObservationIgnored private let latest: LatestTask

  public init(environment: StorefrontEnvironment) {
    repository = environment.repository
    latest = LatestTask(name: "categories", inspector: environment.inspector)
  }

  /// Loads the categories; a newer load supersedes this one, and cancellation shows nothing.
  public func load() async {
    state.startLoading()
    let repository = self.repository
    let outcome = await latest.run { try await repository.categories() }
    if case .failed(let error) = outcome { message = FailureCopy.message(for: error) }
    if case .completed = outcome { message = nil }
    state.apply(outcome)
  }
}
