import Dispatch
import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PseudoTerminal {
  /// Sends `text` whole, however long, as a terminal sends a paste.
  ///
  /// The master side is non-blocking (its reader shares the open file), so a write the
  /// program's input has no room for returns `EAGAIN`: the paste then waits, on a dispatch
  /// source, until the program has read some, and writes the rest. ``send(_:)`` is for keys,
  /// which always fit.
  ///
  /// - Throws: ``WaitError`` when the program stops reading until the timeout or the test is
  ///   cancelled; `POSIXError` when the terminal refuses the write.
  func paste(_ text: String, timeout: Duration = .seconds(10)) async throws {
    var unsent = Array(text.utf8)[...]
    while !unsent.isEmpty {
      let written = unsent.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written > 0 {
        unsent = unsent.dropFirst(written)
      } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        try await waitUntilWritable(timeout: timeout, sent: text.utf8.count - unsent.count, of: text.utf8.count)
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
    }
  }

  private func waitUntilWritable(timeout: Duration, sent: Int, of total: Int) async throws {
    let writable = AwaitableState(false)
    // The source watches a duplicate that only its cancel handler closes. libdispatch unregisters
    // a cancelled source later, on its manager thread; a descriptor closed before then (the
    // terminal's `deinit` closes `master`) may already be reused, by another test's socket or
    // terminal, and the manager thread then reads a dangling registration and crashes in
    // `_dispatch_event_loop_drain`.
    let descriptor = fcntl(master, F_DUPFD_CLOEXEC, 0)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let source = DispatchSource.makeWriteSource(
      fileDescriptor: descriptor, queue: DispatchQueue(label: "pseudo-terminal paste"))
    source.setEventHandler { writable.update { $0 = true } }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    defer { source.cancel() }
    do {
      try await writable.wait(
        for: "the program to read more of a paste (\(sent) of \(total) bytes sent)", timeout: timeout
      ) {
        $0
      }
    } catch {
      throw WaitError(waitingFor: error.waitingFor, reason: error.reason, output: bytes)
    }
  }
}
