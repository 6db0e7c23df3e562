import Custody
import Foundation

/// Owns the set of favourite products, persisted in a file, so every screen agrees on it.
///
/// ```swift
/// let favorites = Favorites(store: await FileStore.open(url: dataDirectory.appending(path: "favorites.json"), default: []))
/// try await favorites.setFavorite(true, for: 42)
/// for await ids in favorites.updates() { … }
/// ```
public final class Favorites: Sendable {
  private let store: FileStore<Set<Product.ID>>

  /// - Parameter store: The opened file of favourites.
  public init(store: FileStore<Set<Product.ID>>) {
    self.store = store
  }

  /// Why the file could not be read when it was opened, if it could not: a corrupt file is
  /// moved aside and the set starts empty.
  public var loadProblem: FileStoreError? { store.loadProblem }

  /// The favourite ids; synchronous from any isolation.
  public var ids: Set<Product.ID> { store.value }

  public func contains(_ id: Product.ID) -> Bool { store.value.contains(id) }

  /// Marks `id` as a favourite or not, and waits until that is on disk.
  ///
  /// - Throws: `FileStoreError` when it could not be written; the change is then undone, so
  ///   what every screen shows matches the file.
  public func setFavorite(_ isFavorite: Bool, for id: Product.ID) async throws {
    let before = store.value.contains(id)
    guard before != isFavorite else { return }
    apply(isFavorite, id)
    do {
      try await store.flush()
    } catch {
      apply(before, id)
      throw error
    }
  }

  /// The set as it changes, starting with the current one; a screen that falls behind gets
  /// the newest set.
  public func updates() -> AsyncStream<Set<Product.ID>> {
    store.updates()
  }

  private func apply(_ isFavorite: Bool, _ id: Product.ID) {
    store.update { ids in
      if isFavorite { ids.insert(id) } else { ids.remove(id) }
    }
  }
}
