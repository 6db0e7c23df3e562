import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written in pieces and then either moved into place or removed: a download on its way
/// to its destination, or a streamed upload body waiting to be sent.
///
/// Failures are ``HTTPError/transport(code:reason:)`` with a URL loading code for files
/// (`cannotCreateFile`, `cannotWriteToFile`, `cannotMoveFile`) and the system's reason; never
/// the path, which can name the user.
struct TemporaryFile: Sendable {
  let url: URL
  private let descriptor: Int32

  /// Creates an empty file named `name` in `folder`; fails if it exists.
  init(in folder: URL, name: String) throws(HTTPError) {
    url = folder.appendingPathComponent(name)
    descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw Self.failure(.cannotCreateFile, "created") }
  }

  /// A new file for a download to `destination`: hidden, in the same folder, so the final move
  /// is a rename within one file system.
  static func beside(_ destination: URL) throws(HTTPError) -> TemporaryFile {
    let name = ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).download"
    return try TemporaryFile(in: destination.deletingLastPathComponent(), name: name)
  }

  /// A new file in the system's temporary folder.
  static func spool() throws(HTTPError) -> TemporaryFile {
    try TemporaryFile(in: FileManager.default.temporaryDirectory, name: "custody-upload-\(UUID().uuidString)")
  }

  /// Appends `data`.
  func append(_ data: Data) throws(HTTPError) {
    let error: Int32? = data.withUnsafeBytes { buffer in
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
    if let error { throw Self.failure(.cannotWriteToFile, "written", code: error) }
  }

  /// Closes the file; `durably` flushes it to disk first.
  func finishWriting(durably: Bool = true) throws(HTTPError) {
    let synced = !durably || fsync(descriptor) == 0 ? nil : errno
    let closed = close(descriptor) == 0 ? nil : errno
    if let error = synced ?? closed { throw Self.failure(.cannotWriteToFile, "written", code: error) }
  }

  /// Closes the file and renames it over `destination`, which then holds the whole file or, if
  /// this fails, what it held before.
  func commit(to destination: URL) throws(HTTPError) {
    do throws(HTTPError) {
      try finishWriting()
      guard rename(url.path, destination.path) == 0 else { throw Self.failure(.cannotMoveFile, "moved into place") }
    } catch {
      unlink(url.path)
      throw error
    }
    let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    if folder >= 0 {
      // The rename is durable once the folder is on disk too.
      fsync(folder)
      close(folder)
    }
  }

  /// Closes and removes the file.
  func discard() {
    close(descriptor)
    remove()
  }

  /// Removes the file, once it is closed.
  func remove() { unlink(url.path) }

  private static func failure(_ code: URLError.Code, _ what: String, code error: Int32 = errno) -> HTTPError {
    .transport(
      code: code.rawValue, reason: "the file could not be \(what): \(String(cString: strerror(error))) (errno \(error))"
    )
  }
}
