import Custody
import Foundation

/// Owns the choices a person makes while browsing that the next start should keep: the order
/// of the list, its category and the last search, persisted in a file.
///
/// ```swift
/// let preferences = Preferences(store: await FileStore.open(url: folder.appending(path: "preferences.json"), default: .init()))
/// let catalog = CatalogViewModel(environment: environment, sort: preferences.sort)
/// preferences.remember(sort: ProductSort(.price))
/// try await preferences.flush()  // before the app quits
/// ```
public final class Preferences: Sendable {
  /// What is kept.
  public struct Saved: Sendable, Hashable, Codable {
    /// The order the catalog lists in; `nil` for the server's order.
    public var sort: ProductSort?
    /// The last text searched for; `nil` before the first search.
    public var lastSearch: String?
    /// The category the catalog lists, with its name to show; `nil` for all products (and in a
    /// file written before categories were kept).
    public var category: ProductCategory?

    public init(sort: ProductSort? = nil, lastSearch: String? = nil, category: ProductCategory? = nil) {
      self.sort = sort
      self.lastSearch = lastSearch
      self.category = category
    }
  }

  /// The longest search kept: a query longer than this is not one to type again.
  public static let searchLimit = 200

  private let store: FileStore<Saved>

  /// - Parameter store: The opened file of preferences.
  public init(store: FileStore<Saved>) {
    self.store = store
  }

  /// Why the file could not be read when it was opened, if it could not: a corrupt one is
  /// moved aside and the defaults apply.
  public var loadProblem: FileStoreError? { store.loadProblem }

  /// The order the catalog lists in; synchronous from any isolation.
  public var sort: ProductSort? { store.value.sort }

  /// The last text searched for; synchronous from any isolation.
  public var lastSearch: String? { store.value.lastSearch }

  /// The category the catalog lists, `nil` for all products; synchronous from any isolation.
  public var category: ProductCategory? { store.value.category }

  /// Keeps `sort` as the order to list in; written in the background (see ``flush()``). Only
  /// this choice is written: another window on the same folder keeps its last search.
  public func remember(sort: ProductSort?) {
    guard store.value.sort != sort else { return }
    store.merge { $0.sort = sort }
  }

  /// Keeps `category` (`nil`: all products) as the category to list; written in the background,
  /// and only this choice, as ``remember(sort:)`` writes its own.
  public func remember(category: ProductCategory?) {
    guard store.value.category != category else { return }
    store.merge { $0.category = category }
  }

  /// Keeps `query` as the last search, unless it is blank or too long to type again.
  public func remember(search query: String) {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !query.isEmpty, query.count <= Self.searchLimit, store.value.lastSearch != query else { return }
    store.merge { $0.lastSearch = query }
  }

  /// Waits until the last remembered choice is on disk.
  public func flush() async throws {
    try await store.flush()
  }
}
