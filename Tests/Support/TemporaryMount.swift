#if os(Linux)
  import Foundation
  import Glibc

  /// A small tmpfs mounted on a fresh folder for one test, unmounted when released.
  ///
  /// Tests run as root here, and root writes through permission bits: a read-only folder or a
  /// full disk needs a file system that really is read-only or full. Mounting needs root (or
  /// CAP_SYS_ADMIN); tests that use it are enabled by ``isAvailable``.
  public final class TemporaryMount {
    public struct MountError: Error, CustomStringConvertible {
      public let description: String
    }

    public let url: URL
    private let options: String

    /// Whether this process may mount a tmpfs.
    public static let isAvailable: Bool = (try? TemporaryMount(kilobytes: 16)) != nil

    public init(kilobytes: Int) throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("custody-mount-\(UUID().uuidString)")
      options = "size=\(kilobytes)k,mode=0755"
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      guard mount("tmpfs", url.path, "tmpfs", 0, options) == 0 else {
        let code = errno
        try? FileManager.default.removeItem(at: url)
        throw MountError(description: "mount tmpfs failed: \(String(cString: strerror(code)))")
      }
    }

    deinit {
      umount2(url.path, Int32(MNT_DETACH))
      try? FileManager.default.removeItem(at: url)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the files in the file system, sorted.
    public var contents: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// Remounts the file system read-only.
    public func makeReadOnly() throws {
      guard mount("tmpfs", url.path, "tmpfs", UInt(MS_REMOUNT) | UInt(MS_RDONLY), options) == 0 else {
        throw MountError(description: "remount read-only failed: \(String(cString: strerror(errno)))")
      }
    }

    /// Writes a file named `filler` until the file system is full; returns it.
    public func fill() throws -> URL {
      let filler = file("filler")
      let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw MountError(description: "cannot create the filler: errno \(errno)") }
      defer { close(descriptor) }
      let page = [UInt8](repeating: 0x2A, count: 4_096)
      while true {
        let written = write(descriptor, page, page.count)
        if written > 0 { continue }
        if written < 0 && errno == EINTR { continue }
        guard written < 0 && errno == ENOSPC else {
          throw MountError(description: "filling stopped without ENOSPC: errno \(errno)")
        }
        return filler
      }
    }
  }
#endif
