import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file of a ``FileStore`` on disk, shared with other processes: each operation takes the
/// folder's lock (``FolderLock``), so a read-modify-write by this process and one by another
/// never interleave. Every method blocks its thread: a store calls them on its own serial
/// dispatch queue, never on the cooperative pool.
struct FileStoreDisk<Value: Codable & Sendable>: Sendable {
  /// What a write did.
  struct Written {
    /// The value written, and the stamp of the file it made; `nil` when the write failed.
    var file: (value: Value, stamp: FileStamp?)?
    /// The file as another process had left it, read before the write.
    var reread: (value: Value, stamp: FileStamp?)?
    /// The file was corrupt or unreadable when read again; it was moved aside.
    var problem: FileStoreError?
    var error: FileStoreError?
  }

  /// The file as another process left it, when it changed since `known`.
  struct Changed {
    var reread: (value: Value, stamp: FileStamp?)?
    var problem: FileStoreError?
  }

  let url: URL
  let permissions: mode_t
  let defaultValue: Value
  let decode: @Sendable (Data) throws -> Value

  /// Reads the file when it is opened (see ``FileReader/open(_:decode:)``). Without the lock
  /// (a folder that cannot be opened), it reads all the same: the write will report the folder.
  func open() -> FileReader.Outcome<Value> {
    let read = { FileReader.open(url, decode: decode) }
    return (try? FolderLock.withLock(folderOf: url, read)) ?? read()
  }

  /// Reads the file again if another process replaced it since this one last saw it (`known`).
  func changes(since known: FileStamp?) -> Changed {
    (try? FolderLock.withLock(folderOf: url) { reread(since: known) }) ?? reread(since: known)
  }

  /// Writes `changes` replayed over the file's value: the value this process last saw (`base`),
  /// or, when another process replaced the file since (`known` differs from the stamp on disk),
  /// the value read from it now.
  func write(base: Value, known: FileStamp?, replaying changes: (Value, _ merging: Bool) -> Value) -> Written {
    do {
      return try FolderLock.withLock(folderOf: url) { writeLocked(base: base, known: known, replaying: changes) }
    } catch {
      return Written(error: .writeFailed(url, underlying: error))
    }
  }

  private func writeLocked(
    base: Value, known: FileStamp?, replaying changes: (Value, _ merging: Bool) -> Value
  ) -> Written {
    let changed = reread(since: known)
    let value = changes(changed.reread?.value ?? base, changed.reread != nil)
    var written = Written(reread: changed.reread, problem: changed.problem)
    let data: Data
    do { data = try JSONEncoder().encode(value) } catch {
      written.error = .encodingFailed(error)
      return written
    }
    do {
      try FileWriter.replace(url, with: data, permissions: permissions)
      written.file = (value, FileStamp(path: url.path))
    } catch {
      written.error = .writeFailed(url, underlying: error)
    }
    return written
  }

  /// The caller holds the lock.
  private func reread(since known: FileStamp?) -> Changed {
    let now = FileStamp(path: url.path)
    guard now != known else { return Changed() }
    let read = FileReader.readNow(from: url, decode: decode)
    if let problem = read.problem { return Changed(problem: problem) }
    return Changed(reread: (read.value ?? defaultValue, read.stamp))
  }
}
