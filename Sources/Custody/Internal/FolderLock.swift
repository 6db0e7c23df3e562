import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock, across processes, on the folder of a ``FileStore``'s file: what makes a
/// read-modify-write of the file by two processes (an app and its widget, two windows of a
/// command-line app) one after the other rather than at once.
///
/// It is `flock(LOCK_EX)` on the folder's descriptor:
/// - not on the file, which every write replaces by a rename, so a lock on it would be a lock on
///   a file nobody sees any more;
/// - not on a lock file beside it, which would have to be created (impossible in a read-only or
///   full folder, where the write must fail with the folder's own error) and would stay behind;
/// - `flock` rather than `fcntl` locks, which belong to the process: two stores of one process
///   would not exclude each other, and closing any descriptor of the folder would release them.
///
/// Every file store of one folder shares the lock; each holds it for one read and one write of
/// its file (milliseconds), so the wait is short. It blocks the calling thread: it is taken on a
/// store's own dispatch queue, never on the cooperative pool.
enum FolderLock {
  /// Runs `body` while this process holds the lock on the folder of `file`, waiting for it first.
  ///
  /// - Throws: The system's error when the folder cannot be opened or locked; `body` then does
  ///   not run.
  static func withLock<Result>(folderOf file: URL, _ body: () -> Result) throws(FileWriter.SystemError) -> Result {
    let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    guard folder >= 0 else { throw FileWriter.SystemError(operation: "open the folder to lock it", code: errno) }
    defer { close(folder) }  // which releases the lock
    while flock(folder, LOCK_EX) != 0 {
      let code = errno
      if code != EINTR { throw FileWriter.SystemError(operation: "flock", code: code) }
    }
    return body()
  }
}
