import Foundation

/// Reads the file of a ``FileStore`` when it is opened, and when another process changed it: the
/// value it holds, or why it holds none. A corrupt or unreadable file is moved aside, so the next
/// write starts a clean file and the bad one is kept to look at (the newest few of them).
enum FileReader {
  /// What opening found.
  struct Outcome<Value: Sendable>: Sendable {
    /// The file's value; `nil` when the file is missing, corrupt or unreadable.
    var value: Value?
    /// Why the file held no value although it was there.
    var problem: FileStoreError?
    /// The stamp of the file read, taken before it was read: a later change makes it differ.
    var stamp: FileStamp?
    /// Whether the problem is a file that could not be decoded (rather than read).
    var isCorrupt: Bool {
      if case .corrupt = problem { return true }
      return false
    }
  }

  /// Removes a temporary file left by a crash, then reads and decodes `url` as ``readNow(from:decode:)``
  /// does. The caller holds the folder's lock (``FolderLock``): the temporary file of a write
  /// another process is making is never removed.
  static func open<Value: Sendable>(_ url: URL, decode: (Data) throws -> Value) -> Outcome<Value> {
    try? FileManager.default.removeItem(at: FileWriter.temporaryURL(for: url))
    return readNow(from: url, decode: decode)
  }

  /// Reads and decodes `url` on the calling thread, which it blocks: a store's own queue, never
  /// the cooperative pool. Measured here at 25 µs for a 1 KB settings file, 0.45 ms for 127 KB (a
  /// kept page of 100 products) and 5.4 ms for 1.3 MB. A `DecodingError` that `decode` throws
  /// makes the file corrupt.
  static func readNow<Value: Sendable>(from url: URL, decode: (Data) throws -> Value) -> Outcome<Value> {
    // Stamped before the read: a file replaced meanwhile then differs from the stamp, and is
    // read again by the next write, rather than taken for the one read.
    let stamp = FileStamp(path: url.path)
    do {
      return Outcome(value: try decode(Data(contentsOf: url)), stamp: stamp)
    } catch CocoaError.fileReadNoSuchFile {
      return Outcome(value: nil)
    } catch let error as DecodingError {
      return Outcome(value: nil, problem: .corrupt(url, movedTo: moveAside(url), underlying: error))
    } catch {
      return Outcome(value: nil, problem: .unreadable(url, movedTo: moveAside(url), underlying: error))
    }
  }

  /// How many files moved aside are kept per file, the newest: enough to look at what went
  /// wrong, never a folder that fills up with them.
  static let keptAside = 3

  /// Moves `url` to `<name>.corrupt-<milliseconds since 1970>`, and removes the oldest of those
  /// beyond ``keptAside``; `nil` when it cannot be moved.
  private static func moveAside(_ url: URL) -> URL? {
    let stamp = Int((Date().timeIntervalSince1970 * 1000).rounded())
    let aside = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)")
    do {
      try FileManager.default.moveItem(at: url, to: aside)
    } catch {
      return nil
    }
    removeOldAside(of: url)
    return aside
  }

  /// Removes the files moved aside from `url` but the ``keptAside`` newest, by their stamps.
  static func removeOldAside(of url: URL) {
    let folder = url.deletingLastPathComponent()
    let prefix = url.lastPathComponent + ".corrupt-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    let aside = names.compactMap { name -> (stamp: Int, name: String)? in
      guard name.hasPrefix(prefix), let stamp = Int(name.dropFirst(prefix.count)) else { return nil }
      return (stamp, name)
    }
    for old in aside.sorted(by: { $0.stamp > $1.stamp }).dropFirst(keptAside) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(old.name))
    }
  }
}
