import Foundation

/// Reads the file of a ``FileStore`` when it is opened: the value it holds, or why it holds
/// none. A corrupt or unreadable file is moved aside, so the next write starts a clean file and
/// the bad one is kept to look at.
enum FileReader {
  /// What opening found.
  struct Outcome<Value: Sendable>: Sendable {
    /// The file's value; `nil` when the file is missing, corrupt or unreadable.
    var value: Value?
    /// Why the file held no value although it was there.
    var problem: FileStoreError?
    /// Whether the problem is a file that could not be decoded (rather than read).
    var isCorrupt: Bool {
      if case .corrupt = problem { return true }
      return false
    }
  }

  /// Removes a temporary file left by a crash, then reads and decodes `url`.
  ///
  /// Runs on the global executor, never on the caller's actor: `FileStore.open` is often called
  /// from the main actor. It holds a pool thread for as long as the file takes to read and
  /// decode, measured at 25 µs for a 1 KB settings file, 0.45 ms for 127 KB (a kept page of 100
  /// products) and 5.4 ms for 1.3 MB, once per store at start, as the writes, which also run on
  /// the pool, hold it for their `fsync`. A thread of its own would cost more than the read of
  /// the files a `FileStore` is for.
  @concurrent
  static func read<Value: Decodable & Sendable>(_ type: Value.Type, from url: URL) async -> Outcome<Value> {
    await read(from: url) { try JSONDecoder().decode(Value.self, from: $0) }
  }

  /// Reads `url` as ``read(_:from:)`` does, decoding its bytes with `decode`: a `DecodingError`
  /// it throws makes the file corrupt.
  @concurrent
  static func read<Value: Sendable>(
    from url: URL, decode: @Sendable (Data) throws -> Value
  ) async -> Outcome<Value> {
    try? FileManager.default.removeItem(at: FileWriter.temporaryURL(for: url))
    do {
      return Outcome(value: try decode(Data(contentsOf: url)))
    } catch CocoaError.fileReadNoSuchFile {
      return Outcome(value: nil)
    } catch let error as DecodingError {
      return Outcome(value: nil, problem: .corrupt(url, movedTo: moveAside(url), underlying: error))
    } catch {
      return Outcome(value: nil, problem: .unreadable(url, movedTo: moveAside(url), underlying: error))
    }
  }

  /// Moves `url` to `<name>.corrupt-<milliseconds since 1970>`; `nil` when it cannot be moved.
  private static func moveAside(_ url: URL) -> URL? {
    let stamp = Int((Date().timeIntervalSince1970 * 1000).rounded())
    let aside = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)")
    do {
      try FileManager.default.moveItem(at: url, to: aside)
      return aside
    } catch {
      return nil
    }
  }
}
