import Foundation

extension HTTPBodySource {
  /// Reads the whole body into memory, for a transport that sends bodies as data, such as an
  /// in-process one.
  ///
  /// ```swift
  /// var request = request
  /// if let source = request.bodySource { request.body = try await source.data() }
  /// ```
  ///
  /// - Throws: ``HTTPError/invalidRequest(reason:)`` when the file or stream cannot be read or
  ///   the sequence throws; ``HTTPError/cancelled`` when the calling task is cancelled.
  public func data() async throws(HTTPError) -> Data {
    switch kind {
    case .file(let url):
      do { return try Data(contentsOf: url) } catch { throw Self.unreadableFile }
    case .inputStream(let makeStream):
      return try Self.read(makeStream())
    case .chunks:
      var data = Data()
      try await forEachChunk { data.append($0) }
      return data
    }
  }

  /// Hands every chunk of a streamed body to `write`, checking for cancellation between chunks.
  ///
  /// A sequence that ends because the task was cancelled (as `AsyncStream` does) is not a whole
  /// body: that ends with ``HTTPError/cancelled`` too.
  func forEachChunk(_ write: (Data) throws(HTTPError) -> Void) async throws(HTTPError) {
    guard case .chunks(let producer) = kind else { return }
    do {
      try await producer.forEach { chunk in
        try Task.checkCancellation()
        try write(chunk)
      }
      try Task.checkCancellation()
    } catch let failure as HTTPError {
      throw failure
    } catch {
      throw Task.isCancelled || error is CancellationError
        ? .cancelled : .invalidRequest(reason: "the body's stream failed")
    }
  }

  /// Writes a streamed body to a temporary file, for a transport that sends it from there.
  func spool() async throws(HTTPError) -> TemporaryFile {
    let file = try TemporaryFile.spool()
    do throws(HTTPError) {
      try await forEachChunk { chunk throws(HTTPError) in try file.append(chunk) }
    } catch {
      file.discard()
      throw error
    }
    do throws(HTTPError) {
      try file.finishWriting(durably: false)
    } catch {
      file.remove()
      throw error
    }
    return file
  }

  static let unreadableFile = HTTPError.invalidRequest(reason: "the file to upload cannot be read")

  private static func read(_ stream: InputStream) throws(HTTPError) -> Data {
    stream.open()
    defer { stream.close() }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = stream.read(&buffer, maxLength: buffer.count)
      if count < 0 { throw .invalidRequest(reason: "the body's stream could not be read") }
      if count == 0 { return data }
      data.append(buffer, count: count)
    }
  }
}
