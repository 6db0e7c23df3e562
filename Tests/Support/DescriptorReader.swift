import Custody
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a file descriptor delivers (a pipe, a pseudo-terminal's master side), read on a
/// thread of its own that waits in `poll`, so a test awaits output instead of blocking a pool
/// thread in `read`.
///
/// Not a dispatch read source: on Linux, libdispatch's epoll bookkeeping is corrupted when many
/// read sources on short-lived descriptors are made and cancelled at once from several threads
/// (swift-corelibs-libdispatch issue 949), and its manager thread crashed the test process in
/// `_dispatch_event_loop_drain` when the crash-safety loop, which starts and kills a child every
/// few milliseconds, ran beside other tests that read pipes.
///
/// The reader owns the descriptor: it makes it non-blocking, reads whatever arrives, and closes
/// it when the input ends or ``close()`` is called. A descriptor that others also use (to write,
/// say) is handed over as a `dup` of it.
///
/// ```swift
/// let reader = DescriptorReader(descriptor: pipeEnds[0], label: "server output")
/// let output = try await reader.wait(for: "a first line") { $0.bytes.contains(0x0A) || $0.isFinished }
/// ```
public final class DescriptorReader: Sendable {
  /// What was read so far.
  public struct Output: Sendable, CustomStringConvertible {
    public var bytes: [UInt8] = []
    /// The input ended (end of file, or an error such as `EIO` once a terminal's far side is
    /// closed) or the reader was closed: no more bytes will come.
    public var isFinished = false
    /// The byte counts at which the steps of each finished ``DescriptorReader/reply(_:after:for:timeout:)``
    /// were written, by reply.
    var replied: [Int: [Int]] = [:]

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String {
      let tail = bytes.count > 2_000 ? "…" + String(decoding: bytes.suffix(2_000), as: UTF8.self) : text
      return "\(bytes.count) bytes\(isFinished ? ", ended" : ""): \(tail.debugDescription)"
    }
  }

  /// Bytes to write back once what was read since the step before satisfies `condition`.
  public struct Reply: Sendable {
    public var bytes: [UInt8]
    public var condition: @Sendable (ArraySlice<UInt8>) -> Bool

    public init(_ bytes: [UInt8], when condition: @escaping @Sendable (ArraySlice<UInt8>) -> Bool) {
      self.bytes = bytes
      self.condition = condition
    }
  }

  /// The replies not yet written; their conditions are tested on `queue`.
  struct Replies {
    struct Script {
      var steps: [Reply]
      /// Where the output the next step looks at starts.
      var since: Int
      var marks: [Int] = []
    }

    var pending: [Int: Script] = [:]
    var nextID = 0
    var isClosed = false
  }

  let output = AwaitableState(Output(), isFinal: \.isFinished)
  let replies = LockedState(Replies())
  /// Where reads, replies and the close happen, one at a time.
  let queue: DispatchQueue
  let descriptor: Int32
  /// The write end of the pipe that wakes the reading thread to stop; `nil` once closed.
  private let wake: LockedState<Int32?>

  /// Starts reading `descriptor`, which the reader now owns.
  public init(descriptor: Int32, label: String) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    self.descriptor = descriptor
    let queue = DispatchQueue(label: label)
    self.queue = queue
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    wake = LockedState(ends[1] >= 0 ? ends[1] : nil)
    let stop = ends[0]
    let thread = Thread { [output, replies] in
      Self.readUntilEnd(descriptor, stop: stop, queue: queue, output: output, replies: replies)
    }
    thread.name = label
    thread.start()
  }

  deinit { close() }

  /// What was read so far.
  public var current: Output { output.value }

  /// Waits until `condition` holds of what was read; see ``AwaitableState/wait(for:timeout:until:)``.
  @discardableResult
  public func wait(
    for description: String, timeout: Duration = .seconds(10), until condition: (Output) -> Bool
  ) async throws(WaitFailure<Output>) -> Output {
    try await output.wait(for: description, timeout: timeout, until: condition)
  }

  /// Stops reading and closes the descriptor; waits that are left fail as ended.
  public func close() {
    // Closing the wake pipe's write end makes its read end report a hang-up to the thread.
    wake.withLock { end in
      if let open = end { systemClose(open) }
      end = nil
    }
  }

  /// The reading thread: waits in `poll` for input or the stop, reads what came and writes the
  /// replies it makes due, and at the end closes the descriptor (on `queue`, so no reply is
  /// written after that).
  private static func readUntilEnd(
    _ descriptor: Int32, stop: Int32, queue: DispatchQueue, output: AwaitableState<Output>,
    replies: LockedState<Replies>
  ) {
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    var open = true
    while open {
      let ready = watched.withUnsafeMutableBufferPointer { poll($0.baseAddress, 2, -1) }
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      // The stop's only event is the hang-up of its write end (or, without a stop pipe, none).
      if stop >= 0 && watched[1].revents != 0 { break }
      if watched[0].revents & Int16(POLLNVAL) != 0 { break }
      if watched[0].revents != 0 {
        open = queue.sync {
          let open = readAvailable(descriptor, into: output)
          writeReplies(replies, output, descriptor)
          return open
        }
      }
    }
    queue.sync {
      replies.withLock { $0.isClosed = true }
      systemClose(descriptor)
      if stop >= 0 { systemClose(stop) }
      output.update { $0.isFinished = true }
    }
  }

  /// Reads until the descriptor has nothing more for now; returns `false` once the input ended.
  private static func readAvailable(_ descriptor: Int32, into output: AwaitableState<Output>) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var read: [UInt8] = []
    var open = true
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        read += buffer.prefix(count)
        continue
      }
      if count < 0 && errno == EINTR { continue }
      open = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
      break
    }
    if !read.isEmpty { output.update { $0.bytes += read } }
    return open
  }
}

/// `read(2)` and `close(2)`, named apart from the members above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) {
  _ = close(descriptor)
}
