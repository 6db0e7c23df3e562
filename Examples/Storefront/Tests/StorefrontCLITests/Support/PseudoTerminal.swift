import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal with `storefront` running on its far end: send keys, read the screen.
///
/// Reading waits for the expected text with `poll(2)` up to a deadline: it returns as soon as
/// the text arrives, and fails only if it never does.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32
  let process = Process()
  private var bytes: [UInt8] = []

  /// Everything the program wrote so far.
  var transcript: String { String(decoding: bytes, as: UTF8.self) }

  init(arguments: [String], columns: UInt16 = 120, rows: UInt16 = 40) throws {
    let pair = try Self.openPair()
    master = pair.master
    slave = pair.slave
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, Self.setWindowSize, &size)
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.executableURL = StorefrontBinary.url
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["NO_COLOR"] = nil
    process.environment = environment
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  /// Opens a pseudo-terminal: the master side the test drives and the slave side the program
  /// runs on.
  private static func openPair() throws -> (master: Int32, slave: Int32) {
    #if canImport(Darwin)
      let master = posix_openpt(O_RDWR | O_NOCTTY)
      guard master >= 0 else { throw POSIXError(.ENODEV) }
      guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
        close(master)
        throw POSIXError(.ENODEV)
      }
      let slave = open(name, O_RDWR | O_NOCTTY)
    #else
      // posix_openpt, unlockpt and ptsname, as glibc implements them (the Glibc module does not
      // export them): open the multiplexer, unlock the slave, ask its number.
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0 else { throw POSIXError(.ENODEV) }
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
        close(master)
        throw POSIXError(.ENODEV)
      }
      let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    #endif
    guard slave >= 0 else {
      close(master)
      throw POSIXError(.ENODEV)
    }
    return (master, slave)
  }

  #if canImport(Darwin)
    /// `TIOCSWINSZ`, `_IOW('t', 103, struct winsize)` in <sys/ttycom.h>: a macro Swift does not import.
    private static let setWindowSize: UInt = 0x8008_7467
  #else
    private static let setWindowSize = UInt(TIOCSWINSZ)
    /// `TIOCSPTLCK` and `TIOCGPTN` from <asm-generic/ioctls.h>; macros Swift does not import.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430
  #endif

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
    close(slave)
  }

  /// The terminal settings of the slave side, as the program left them.
  var settings: termios {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings
  }

  func send(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads until the output after byte `start`, without its control sequences, contains
  /// `text`; returns whether it did before the deadline.
  @discardableResult
  func read(until text: String, after start: Int = 0, timeout: Duration = .seconds(10)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      if Self.plain(String(decoding: bytes.dropFirst(start), as: UTF8.self)).contains(text) { return true }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero, readAvailable(waiting: left) else { return false }
    }
  }

  /// Reads until the program closes the terminal or exits.
  func readToEnd(timeout: Duration = .seconds(10)) {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning || readAvailable(waiting: .milliseconds(50)) {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return }
      _ = readAvailable(waiting: min(left, .milliseconds(100)))
    }
  }

  /// `text` without CSI sequences (colours, cursor moves), as a screen shows it.
  static func plain(_ text: String) -> String {
    text.replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "")
  }

  /// How many bytes were read so far: where to look for the next screen.
  var mark: Int { bytes.count }

  /// Everything written after byte `start`, control sequences included.
  func output(after start: Int) -> String {
    String(decoding: bytes.dropFirst(start), as: UTF8.self)
  }

  /// Gives the terminal a new size and tells the program, as a terminal window does.
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(process.processIdentifier, SIGWINCH)
  }

  /// Reads until `condition` holds of what was read; returns whether it did before the deadline.
  @discardableResult
  func read(timeout: Duration = .seconds(10), until condition: (PseudoTerminal) -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      if condition(self) { return true }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero, readAvailable(waiting: left) else { return false }
    }
  }

  /// Reads until the output after byte `start`, control sequences included, contains `text`.
  @discardableResult
  func read(untilRaw text: String, after start: Int = 0, timeout: Duration = .seconds(10)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      if output(after: start).contains(text) { return true }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero, readAvailable(waiting: left) else { return false }
    }
  }

  /// The lines of the last whole frame drawn after byte `start`, without control sequences.
  func lastFrame(after start: Int = 0) -> [String] {
    let text = output(after: start)
    guard let end = text.ranges(of: "\u{1B}[J").last, let home = text[..<end.lowerBound].ranges(of: "\u{1B}[H").last
    else { return [] }
    // The terminal turns the "\n" of each "\r\n" into "\r\n" again: lines end in "\r\r\n".
    let frame = Self.plain(String(text[home.upperBound..<end.lowerBound]))
    return frame.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(String.UnicodeScalarView(line.filter { $0 != "\r" }))
    }
  }

  /// The ID of the last row drawn selected (in reverse video) after byte `start`.
  func selectedID(after start: Int) -> Int? {
    guard let row = output(after: start).ranges(of: "\u{1B}[7m").last else { return nil }
    return Int(output(after: start)[row.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
  }

  private func readAvailable(waiting: Duration) -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(
      max(1, waiting.components.seconds * 1_000 + waiting.components.attoseconds / 1_000_000_000_000_000))
    guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { readBytes(master, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    bytes += buffer.prefix(count)
    return true
  }
}

/// `read(2)`, named apart from the methods above.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
