import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PseudoTerminal {
  /// Opens a pseudo-terminal: the master side the test drives and the slave side the program
  /// runs on. Both close on exec, so no other child of this process holds them open.
  static func openPair() throws -> (master: Int32, slave: Int32) {
    #if canImport(Darwin)
      let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
      guard master >= 0 else { throw POSIXError(.ENODEV) }
      guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
        close(master)
        throw POSIXError(.ENODEV)
      }
      let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    #else
      // posix_openpt, unlockpt and ptsname, as glibc implements them (the Glibc module does not
      // export them): open the multiplexer, unlock the slave, ask its number.
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
      guard master >= 0 else { throw POSIXError(.ENODEV) }
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
        close(master)
        throw POSIXError(.ENODEV)
      }
      let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    #endif
    guard slave >= 0 else {
      close(master)
      throw POSIXError(.ENODEV)
    }
    return (master, slave)
  }

  #if canImport(Darwin)
    /// `TIOCSWINSZ`, `_IOW('t', 103, struct winsize)` in <sys/ttycom.h>: a macro Swift does not import.
    static let setWindowSize: UInt = 0x8008_7467
  #else
    static let setWindowSize = UInt(TIOCSWINSZ)
    /// `TIOCSPTLCK` and `TIOCGPTN` from <asm-generic/ioctls.h>; macros Swift does not import.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430
  #endif
}
