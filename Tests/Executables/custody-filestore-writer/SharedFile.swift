import Custody
import Foundation

/// One of two processes that change one file at once, each with its own ids, as an app and its
/// widget do: the test checks that the file ends with every id of both.
///
/// It reports `started` before it opens the file (the test holds the folder's lock until both
/// processes have started, so they run together), `ready` once it has, then
/// `done <writes that found ids of the other process>` when every id is on disk.
enum SharedFile {
  /// Inserts each id of `ids` into the set a `FileStore` keeps in `file`, one write per id.
  static func insert(_ ids: Range<Int>, into file: URL) async {
    FileStoreWriter.report("started")
    let store = await FileStore.open(url: file, default: Set<Int>())
    if let problem = store.loadProblem { FileStoreWriter.fail("problem \(problem)", status: 3) }
    FileStoreWriter.report("ready")
    var interleaved = 0
    var foreign = 0
    for id in ids {
      store.merge { $0.insert(id) }
      do { try await store.flush() } catch { FileStoreWriter.fail("failed \(error)", status: 4) }
      let seen = store.value.count { !ids.contains($0) }
      if seen > foreign { interleaved += 1 }
      foreign = seen
    }
    FileStoreWriter.report("done \(interleaved)")
  }

  /// Sets a value for each key of `keys` in a `Cache` persisted in `file`, one write per key.
  static func set(_ keys: Range<Int>, in file: URL) async {
    FileStoreWriter.report("started")
    let cache = await Cache<Int, String>.open(persistingIn: file, version: 1)
    if let problem = cache.loadProblem { FileStoreWriter.fail("problem \(problem)", status: 3) }
    FileStoreWriter.report("ready")
    for key in keys {
      cache.set("value \(key)", for: key)
      do { try await cache.flush() } catch { FileStoreWriter.fail("failed \(error)", status: 4) }
    }
    FileStoreWriter.report("done 0")
  }
}
