import Foundation

extension HTTPBodyStream {
  /// The body's lines as they arrive, for NDJSON and server-sent events.
  ///
  /// Lines end with `\n` or `\r\n`, which are not part of the element; a last line without an
  /// ending is yielded too. Bytes are decoded as UTF-8, invalid sequences replaced with U+FFFD.
  /// A line longer than 1 MiB fails with ``HTTPError/responseTooLarge(limit:)``; use
  /// ``lines(maximumLength:)`` for another limit.
  ///
  /// ```swift
  /// let updates = try await client.stream(Endpoint<Void>(path: "/orders/updates"))
  /// for try await line in updates.body.lines where !line.isEmpty {
  ///   let update = try JSONDecoder().decode(OrderUpdate.self, from: Data(line.utf8))
  /// }
  /// ```
  public var lines: Lines { lines(maximumLength: 1024 * 1024) }

  /// The body's lines as they arrive; see ``lines``.
  ///
  /// - Parameter maximumLength: The longest line accepted, in bytes.
  public func lines(maximumLength: Int) -> Lines { Lines(base: self, maximumLength: maximumLength) }

  /// The lines of an ``HTTPBodyStream``.
  public struct Lines: AsyncSequence, Sendable {
    public typealias Element = String
    public typealias Failure = HTTPError

    let base: HTTPBodyStream
    let maximumLength: Int

    public func makeAsyncIterator() -> Iterator {
      Iterator(base: base.makeAsyncIterator(), maximumLength: maximumLength)
    }

    /// Reads the lines of a body.
    public struct Iterator: AsyncIteratorProtocol {
      public typealias Element = String
      public typealias Failure = HTTPError

      var base: HTTPBodyStream.Iterator?
      let maximumLength: Int
      private var pending: [UInt8] = []
      private var start = 0
      private var scanned = 0

      init(base: HTTPBodyStream.Iterator, maximumLength: Int) {
        self.base = base
        self.maximumLength = maximumLength
      }

      /// The next line, or `nil` at the end of the body.
      ///
      /// - Throws: ``HTTPError`` as the body's iterator does, and
      ///   ``HTTPError/responseTooLarge(limit:)`` for a line over the maximum length.
      public mutating func next() async throws(HTTPError) -> String? {
        while true {
          if let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
            let end = newline > start && pending[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            let line = String(decoding: pending[start..<end], as: UTF8.self)
            start = newline + 1
            scanned = start
            return line
          }
          scanned = pending.count
          guard pending.count - start <= maximumLength else {
            base?.consumer.storage.cancel()
            base = nil
            pending = []
            (start, scanned) = (0, 0)
            throw .responseTooLarge(limit: maximumLength)
          }
          guard var iterator = base else { return takeRest() }
          let chunk: Data?
          do {
            chunk = try await iterator.next()
          } catch {
            base = nil
            pending = []
            (start, scanned) = (0, 0)
            throw error
          }
          guard let chunk else {
            base = nil
            return takeRest()
          }
          compact()
          pending.append(contentsOf: chunk)
        }
      }

      /// The last line, without an ending, or `nil` when nothing is left.
      private mutating func takeRest() -> String? {
        guard start < pending.count else { return nil }
        let line = String(decoding: pending[start...], as: UTF8.self)
        pending = []
        start = 0
        scanned = 0
        return line
      }

      /// Drops the lines already returned.
      private mutating func compact() {
        guard start > 0 else { return }
        pending.removeFirst(start)
        scanned -= start
        start = 0
      }
    }
  }
}

@available(*, unavailable)
extension HTTPBodyStream.Lines.Iterator: Sendable {}
