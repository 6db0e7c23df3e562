import Custody
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DescriptorReader {
  /// Writes each reply to the descriptor the moment what was read since the one before (since
  /// byte `start`, for the first) satisfies its condition, and waits until the last is written;
  /// returns how many bytes had been read when each was written.
  ///
  /// Replies are written from the reader's own queue as the output arrives, as a person at a
  /// terminal answers what they see, however long the waiting task takes to run again: for
  /// keys that must reach a program while it is still doing what it shows.
  ///
  /// - Throws: ``WaitFailure`` when the input ended first, when `timeout` passed or when the
  ///   waiting task was cancelled; the replies left are then never written.
  @discardableResult
  public func reply(
    _ steps: [Reply], after start: Int = 0, for description: String, timeout: Duration = .seconds(10)
  ) async throws(WaitFailure<Output>) -> [Int] {
    let id = replies.withLock { replies in
      defer { replies.nextID += 1 }
      replies.pending[replies.nextID] = Replies.Script(steps: steps, since: start)
      return replies.nextID
    }
    defer { _ = replies.withLock { $0.pending.removeValue(forKey: id) } }
    queue.async { [replies, output, descriptor] in Self.writeReplies(replies, output, descriptor) }
    return try await output.wait(for: description, timeout: timeout) { $0.replied[id] != nil }.replied[id]!
  }

  /// Writes every reply step whose condition holds. Runs on the reader's queue, where the
  /// descriptor is closed, so nothing is written after that.
  static func writeReplies(_ replies: LockedState<Replies>, _ output: AwaitableState<Output>, _ fd: Int32) {
    let bytes = output.value.bytes
    let (due, finished) = replies.withLock { replies -> ([[UInt8]], [Int: [Int]]) in
      guard !replies.isClosed else { return ([], [:]) }
      var due: [[UInt8]] = []
      var finished: [Int: [Int]] = [:]
      for id in replies.pending.keys.sorted() {
        guard var script = replies.pending[id] else { continue }
        // A step's reply is written before the next step looks: it looks at what comes after.
        while let step = script.steps.first, step.condition(bytes[min(script.since, bytes.count)...]) {
          due.append(step.bytes)
          script.steps.removeFirst()
          script.since = bytes.count
          script.marks.append(bytes.count)
        }
        if script.steps.isEmpty {
          replies.pending[id] = nil
          finished[id] = script.marks
        } else {
          replies.pending[id] = script
        }
      }
      return (due, finished)
    }
    for reply in due { write(reply, to: fd) }
    if !finished.isEmpty { output.update { $0.replied.merge(finished) { $1 } } }
  }

  private static func write(_ bytes: [UInt8], to fd: Int32) {
    var unsent = bytes[...]
    while !unsent.isEmpty {
      let written = unsent.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
      if written > 0 {
        unsent = unsent.dropFirst(written)
      } else if written >= 0 || errno != EINTR {
        return
      }
    }
  }
}

/// `write(2)`, named apart from `DescriptorReader.write(_:to:)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
