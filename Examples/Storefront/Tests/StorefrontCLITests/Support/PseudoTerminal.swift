import Custody
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal with `storefront` running on its far end: send keys, await the screen.
///
/// Nothing here blocks the test's thread. The master side is read on a dispatch source of its
/// own (`DescriptorReader`); a wait ends as soon as what it waits for arrives, and otherwise
/// fails with a ``WaitError`` that names it and shows the last screen: when the program can no
/// longer show it (it exited), when the timeout (a safety net) passes, or when the test is
/// cancelled. The program's exit comes through `Process.terminationHandler`.
final class PseudoTerminal {
  let master: Int32
  let process = Process()
  /// Reads a duplicate of `master`, so that writes and `ioctl`s keep their own descriptor.
  private let reader: DescriptorReader
  private let exit = AwaitableState<Int32?>(nil, isFinal: { $0 != nil })
  private let far: LockedState<FarSide>

  /// The slave side, which this process holds open until the program exits, so the program's
  /// terminal settings can be read; then it is closed, so the master side reads to the end
  /// (`EIO`) once everything the program wrote has been read.
  private struct FarSide {
    var slave: Int32?
    var settingsAtExit = termios()
  }

  /// Starts `storefront` with `arguments` on a terminal of `columns` × `rows`. The 34 rows of
  /// the default show 30 rows of the table, one page: the browser fetches pages to fill a
  /// taller window, and a test that counts pages by its keys would count those too.
  init(arguments: [String], columns: UInt16 = 120, rows: UInt16 = 34) throws {
    let pair = try Self.openPair()
    master = pair.master
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, Self.setWindowSize, &size)
    reader = DescriptorReader(descriptor: fcntl(master, F_DUPFD_CLOEXEC, 0), label: "pseudo-terminal master")
    far = LockedState(FarSide(slave: pair.slave))
    let handle = FileHandle(fileDescriptor: pair.slave, closeOnDealloc: false)
    process.executableURL = StorefrontBinary.url
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["NO_COLOR"] = nil
    process.environment = environment
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    process.terminationHandler = { [far, exit] process in
      let status = process.terminationStatus
      far.withLock { far in
        guard let slave = far.slave.take() else { return }
        tcgetattr(slave, &far.settingsAtExit)
        close(slave)
      }
      exit.update { $0 = status }
    }
    try process.run()
  }

  deinit {
    if process.isRunning {
      process.terminate()
      // A program stopped by Ctrl-Z gets the termination only once it runs again.
      kill(process.processIdentifier, SIGCONT)
    }
    reader.close()
    close(master)
    if let slave = far.withLock({ $0.slave.take() }) { close(slave) }
  }

  /// The terminal settings of the slave side, as the program left them (when it exited, once it
  /// has).
  var settings: termios {
    far.withLock { far in
      guard let slave = far.slave else { return far.settingsAtExit }
      var settings = termios()
      tcgetattr(slave, &settings)
      return settings
    }
  }

  /// Everything the program wrote so far.
  var bytes: [UInt8] { reader.current.bytes }

  func send(_ text: String) {
    var unsent = Array(text.utf8)[...]
    while !unsent.isEmpty {
      let written = unsent.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written > 0 {
        unsent = unsent.dropFirst(written)
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        Issue.record("the terminal took \(text.utf8.count - unsent.count) of \(text.debugDescription): errno \(errno)")
        return
      }
    }
  }

  /// Sends each step's keys the moment its text appears, without control sequences, in the
  /// output after the step before was sent (after byte `start`, for the first), and waits until
  /// the last is sent; returns ``mark`` as it was when each was sent.
  ///
  /// The keys go from the thread that reads the terminal, as a person answers what they see, so
  /// they reach the program while it still does what it shows however long the test's task
  /// takes to run again: for keys that must land while a slow load is in flight.
  @discardableResult
  func send(
    _ steps: [(keys: String, once: String)], after start: Int = 0, timeout: Duration = .seconds(10)
  ) async throws(WaitError) -> [Int] {
    let replies = steps.map { step in
      DescriptorReader.Reply(Array(step.keys.utf8)) {
        Self.plain(String(decoding: $0, as: UTF8.self)).contains(step.once)
      }
    }
    let description = steps.map { "\($0.once.debugDescription) to send \($0.keys.debugDescription)" }
    do {
      return try await reader.reply(
        replies, after: start, for: "the texts " + description.joined(separator: ", then "), timeout: timeout)
    } catch {
      throw WaitError(waitingFor: error.waitingFor, reason: error.reason, output: error.last.bytes)
    }
  }

  /// Gives the terminal a new size and tells the program, as a terminal window does.
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(process.processIdentifier, SIGWINCH)
  }

  /// Waits until the output after byte `start`, without its control sequences, contains `text`,
  /// and the frame it is in (if any) has been drawn whole, so ``lastFrame(after:)`` reads it.
  func read(until text: String, after start: Int = 0, timeout: Duration = .seconds(10)) async throws(WaitError) {
    try await read("the text \(text.debugDescription)", timeout: timeout) {
      Self.plain($0.output(after: start)).contains(text) && Self.isBetweenFrames($0.bytes)
    }
  }

  /// Whether no frame is half drawn in `output`: the last frame start (`ESC[H`) is followed by
  /// the frame's end (`ESC[J`). Looks back from the end only as far as the last of the two.
  static func isBetweenFrames(_ output: [UInt8]) -> Bool {
    var index = output.count - 3
    while index >= 0 {
      if output[index] == 0x1B && output[index + 1] == 0x5B {
        if output[index + 2] == 0x4A { return true }  // ESC[J: the last frame has ended
        if output[index + 2] == 0x48 { return false }  // ESC[H: a frame is being drawn
      }
      index -= 1
    }
    return true
  }

  /// Waits until the output after byte `start`, control sequences included, contains `text`.
  func read(untilRaw text: String, after start: Int = 0, timeout: Duration = .seconds(10)) async throws(WaitError) {
    try await read("the output \(text.debugDescription)", timeout: timeout) { $0.output(after: start).contains(text) }
  }

  /// Waits until `condition` holds of what was read; it is tested again whenever output arrives.
  func read(
    timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line,
    until condition: (PseudoTerminal) -> Bool
  ) async throws(WaitError) {
    try await read("the condition at \(fileID):\(line)", timeout: timeout, until: condition)
  }

  /// Waits until the program has exited and everything it wrote has been read.
  func readToEnd(timeout: Duration = .seconds(10)) async throws(WaitError) {
    try await waitForExit(timeout: timeout)
    do {
      try await reader.wait(for: "the end of the output", timeout: timeout) { $0.isFinished }
    } catch {
      throw WaitError(waitingFor: error.waitingFor, reason: error.reason, output: error.last.bytes)
    }
  }

  /// Waits until the program exits; returns its exit status (or the signal that ended it).
  @discardableResult
  func waitForExit(timeout: Duration = .seconds(10)) async throws(WaitError) -> Int32 {
    do {
      return try await exit.wait(for: "the program to exit", timeout: timeout) { $0 != nil }!
    } catch {
      throw WaitError(waitingFor: error.waitingFor, reason: error.reason, output: bytes)
    }
  }

  /// Waits until the program stops (as Ctrl-Z stops it) or ends, and leaves it as it is;
  /// returns how: `CLD_STOPPED`, `CLD_EXITED`, …
  func waitForStopOrExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
    let pid = process.processIdentifier
    // `waitid` blocks, so it runs on a thread of its own; a stopped or ended program ends it,
    // and so does the termination in `deinit` when the test gives up first.
    let code = try await DedicatedThread.run("the program to stop", timeout: timeout) {
      var info = siginfo_t()
      return waitid(P_PID, id_t(pid), &info, WSTOPPED | WEXITED | WNOWAIT) == 0 ? info.si_code : -errno
    }
    guard code >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: -code) ?? .EINVAL) }
    return code
  }

  private func read(
    _ description: String, timeout: Duration, until condition: (PseudoTerminal) -> Bool
  ) async throws(WaitError) {
    do {
      try await reader.wait(for: description, timeout: timeout) { _ in condition(self) }
    } catch {
      throw WaitError(waitingFor: error.waitingFor, reason: error.reason, output: error.last.bytes)
    }
  }
}
