import Custody
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a file descriptor delivers (a pipe, a pseudo-terminal's master side), read on a
/// dispatch source of its own, so a test awaits output instead of blocking in `read` or `poll`.
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
  let queue: DispatchQueue
  let descriptor: Int32
  private let source: LockedState<(any DispatchSourceRead)?>

  /// Starts reading `descriptor`, which the reader now owns.
  public init(descriptor: Int32, label: String) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    self.descriptor = descriptor
    queue = DispatchQueue(label: label)
    // The source lives behind the lock (it is not `Sendable`); it is cancelled, and let go,
    // when the input ends or the reader is closed.
    let source = LockedState<(any DispatchSourceRead)?>(
      DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue))
    self.source = source
    source.withLock { [output, replies] reading in
      reading?.setEventHandler {
        let open = Self.readAvailable(descriptor, into: output)
        Self.writeReplies(replies, output, descriptor)
        if !open { Self.cancel(source) }
      }
      reading?.setCancelHandler {
        replies.withLock { $0.isClosed = true }
        systemClose(descriptor)
        output.update { $0.isFinished = true }
      }
      reading?.activate()
    }
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
    Self.cancel(source)
  }

  /// Cancels the source once; its cancel handler, on the source's queue, closes the descriptor.
  private static func cancel(_ source: LockedState<(any DispatchSourceRead)?>) {
    source.withLock { reading in
      reading?.cancel()
      reading = nil
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
