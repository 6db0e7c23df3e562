import Custody
import Foundation

/// Owns the set of favourite products, persisted in a file, so every screen agrees on it.
///
/// ```swift
/// let favorites = Favorites(store: await FileStore.open(url: dataDirectory.appending(path: "favorites.json"), default: []))
/// try await favorites.setFavorite(true, for: 42)
/// for await ids in favorites.updates() { … }
/// ```
///
/// A toggle is an optimistic write through a `Cache` whose one value is the file's set: every
/// screen sees the change at once, as a layer over the set on disk, while it is written. A write
/// that fails takes out its own change and nothing else, so toggles made meanwhile stay.
///
/// Two processes may share the file (two windows on one data folder, an app and its widget):
/// each toggle is saved as a change (`FileStore.merge`), replayed over the set the other process
/// saved, so neither loses the other's favourites. Another process's toggles show here after
/// this one's next toggle, or after ``reload()``.
public final class Favorites: Sendable {
  /// The favourites as ``updates()`` streams them.
  public typealias Updates = AsyncMapSequence<AsyncStream<WatchedEntry<Set<Product.ID>>>, Set<Product.ID>>

  private let store: FileStore<Set<Product.ID>>
  /// One key, the file: the set on disk, with the toggles being written layered over it.
  private let marks: Cache<URL, Set<Product.ID>>

  /// - Parameters:
  ///   - store: The opened file of favourites.
  ///   - inspector: Receives the events of the toggles ("favourites", keyed by the file's name):
  ///     each one layered, then committed or rolled back.
  public init(store: FileStore<Set<Product.ID>>, inspector: (any OwnerInspector)? = nil) {
    self.store = store
    // Nothing is ever loaded: the value comes from the file and from writes, and is never
    // dropped, since it is the only copy a screen reads.
    marks = Cache(
      policy: CachePolicy(countLimit: 1, trimsUnderMemoryPressure: false), name: "favourites", inspector: inspector,
      describeKey: { $0.lastPathComponent })
    marks.set(store.value, for: store.url)
  }

  /// Why the file could not be read when it was opened, if it could not: a corrupt file is
  /// moved aside and the set starts empty.
  public var loadProblem: FileStoreError? { store.loadProblem }

  /// The favourite ids, with the toggles still being saved; synchronous from any isolation.
  public var ids: Set<Product.ID> { marks.cachedValue(for: store.url) ?? [] }

  public func contains(_ id: Product.ID) -> Bool { ids.contains(id) }

  /// Marks `id` as a favourite or not: every screen shows it at once; returns once it is on disk.
  ///
  /// Each write saves this one change over the set in the file, and every screen then shows
  /// the set the file holds, other processes' favourites included.
  ///
  /// - Throws: `FileStoreError` when the set could not be written: only this change is then
  ///   taken back. `CancellationError` when the calling task was cancelled before the write began.
  public func setFavorite(_ isFavorite: Bool, for id: Product.ID) async throws {
    guard contains(id) != isFavorite else { return }
    let file = store.url
    try await marks.mutate(file, optimistically: { ids in ids.mark(id, isFavorite) }) { _ in
      // A change, not the set: replayed over the file if another window changed it meanwhile.
      store.merge { $0.mark(id, isFavorite) }
      do {
        try await store.flush()
      } catch {
        store.merge { $0.mark(id, !isFavorite) }  // so the next write does not save it either
        throw error
      }
      return store.value  // with the other windows' favourites the write found in the file
    }
  }

  /// Takes in the favourites another process (a second window, a widget) saved since this one
  /// last read or wrote the file; every screen shows them. Cheap when nothing changed: call it
  /// whenever the app becomes active.
  public func reload() async {
    guard await store.reload() else { return }
    marks.set(store.value, for: store.url)
  }

  /// The set as it changes, starting with the current one; a screen that falls behind gets
  /// the newest set.
  public func updates() -> Updates {
    marks.watch(store.url).map { $0.value ?? [] }
  }
}

extension Set<Product.ID> {
  /// Adds `id`, or takes it out.
  fileprivate mutating func mark(_ id: Product.ID, _ isFavorite: Bool) {
    if isFavorite { insert(id) } else { remove(id) }
  }
}
