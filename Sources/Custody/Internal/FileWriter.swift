import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file atomically: the bytes go to a temporary file in the same folder, which is
/// flushed to disk and then renamed over the target. A crash leaves the old file or the new
/// one, never a mix; a failure leaves the old file untouched.
enum FileWriter {
  /// A failed system call, with the reason the system gave.
  struct SystemError: Error, CustomStringConvertible {
    let operation: String
    let code: Int32

    var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
  }

  /// Where the bytes of `url` are written before the rename. One name per target, so a
  /// temporary file left by a crash is found and replaced.
  static func temporaryURL(for url: URL) -> URL {
    url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
  }

  static func replace(_ url: URL, with data: Data, permissions: mode_t) throws(SystemError) {
    let temporary = temporaryURL(for: url).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
    guard descriptor >= 0 else { throw SystemError(operation: "open", code: errno) }
    do {
      try check(fchmod(descriptor, permissions), "fchmod")
      try writeAll(data, to: descriptor)
      try flushToDisk(descriptor)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SystemError(operation: "rename", code: code)
    }
    syncFolder(of: url)
  }

  /// Appends `data` to the file at `url` at `offset`, cutting off whatever follows it (the torn
  /// tail of a write that never finished), and flushes it to disk before it returns. The
  /// caller holds the folder's lock (``FolderLock``).
  static func append(_ data: Data, to url: URL, at offset: Int) throws(SystemError) {
    let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError(operation: "open", code: errno) }
    defer { close(descriptor) }
    try check(ftruncate(descriptor, off_t(offset)), "ftruncate")
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw SystemError(operation: "lseek", code: errno) }
    do {
      try writeAll(data, to: descriptor)
      try flushToDisk(descriptor)
    } catch {
      _ = ftruncate(descriptor, off_t(offset))  // no partial record left behind when it can be helped
      throw error
    }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) throws(SystemError) {
    let failure: Int32? = data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { throw SystemError(operation: "write", code: failure) }
  }

  private static func check(_ result: Int32, _ operation: String) throws(SystemError) {
    if result != 0 { throw SystemError(operation: operation, code: errno) }
  }

  /// Puts the file's bytes on stable storage before the rename can expose them.
  ///
  /// On Apple platforms `fsync` only hands the bytes to the drive, which may keep them in its
  /// cache through a power loss; `F_FULLFSYNC` asks the drive to write them. File systems that
  /// do not support it (some network shares) get `fsync`.
  private static func flushToDisk(_ descriptor: Int32) throws(SystemError) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    try check(fsync(descriptor), "fsync")
  }

  /// Makes the rename itself durable (with `F_FULLFSYNC` on Apple platforms, for the reason
  /// above); best effort, as some file systems refuse it.
  private static func syncFolder(of url: URL) {
    let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    guard folder >= 0 else { return }
    #if canImport(Darwin)
      if fcntl(folder, F_FULLFSYNC) != 0 { fsync(folder) }
    #else
      fsync(folder)
    #endif
    close(folder)
  }
}

extension FileWriter.SystemError: CustomNSError {
  // Bridged as the POSIX error it is, so an app reading `FileStoreError`'s underlying error as
  // an `NSError` finds the system's reason (EROFS, ENOSPC) rather than an opaque Swift error.
  static var errorDomain: String { NSPOSIXErrorDomain }
  var errorCode: Int { Int(code) }
  var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: String(cString: strerror(code))] }
}
