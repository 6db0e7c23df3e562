#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies one version of a file on disk: the file (device and inode), its size and its
/// modification time to the nanosecond. A ``FileStore`` keeps the stamp of the file it last read
/// or wrote, and reads the file again only when the stamp on disk differs: another process
/// replaced it.
///
/// Every write replaces the file by a rename, so a new version is a new inode, with the time it
/// was written. An inode number can be reused once the file holding it is gone, which is why the
/// size and the time count too.
struct FileStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var seconds: Int64
  var nanoseconds: Int64

  /// The stamp of the file at `path`; `nil` when there is none (or it cannot be examined, which
  /// the read that follows reports).
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      seconds = Int64(info.st_mtimespec.tv_sec)
      nanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      seconds = Int64(info.st_mtim.tv_sec)
      nanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
  }
}
