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

  /// Opens the cache persisted in `file`, then sets one numbered key after another, each with a
  /// value that follows from its number (1 to 40 KB, so some records take several writes),
  /// flushing each, until it is killed. Reports `ready N` (the highest key held), `start N` and
  /// `done N` as the record writer does; exits 3 when the file could not be read.
  static func saveUntilKilled(in file: URL) async -> Never {
    let cache = await Cache<Int, String>.open(persistingIn: file, version: 1)
    if let problem = cache.loadProblem { FileStoreWriter.fail("problem \(problem)", status: 3) }
    var sequence = cache.count  // keys 1 to N, whole
    FileStoreWriter.report("ready \(sequence)")
    while true {
      sequence += 1
      FileStoreWriter.report("start \(sequence)")
      cache.set(payload(sequence), for: sequence)
      do { try await cache.flush() } catch { FileStoreWriter.fail("failed \(error)", status: 4) }
      FileStoreWriter.report("done \(sequence)")
    }
  }

  /// The value of key `sequence`: a mix of two is seen at once.
  static func payload(_ sequence: Int) -> String {
    String(repeating: "\(sequence);", count: 100 + sequence * 7_919 % 8_000)
  }
}
