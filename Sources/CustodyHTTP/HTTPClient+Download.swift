import Foundation

extension HTTPClient {
  /// Downloads the body of `endpoint` into the file at `destination`, reporting progress.
  ///
  /// The body is written as it arrives to a hidden temporary file beside `destination`, then
  /// renamed over it once complete, so `destination` holds either what it held before or the
  /// whole new body, never part of it. Cancelling the calling task cancels the transfer and
  /// removes the partial file; so does any failure. Middleware runs as for ``stream(_:)``.
  /// Writing happens off the caller's actor.
  ///
  /// ```swift
  /// try await client.download(Endpoint<Void>(path: "/catalog.zip"), to: file) { progress in
  ///   print("\(progress.bytesReceived) of \(progress.bytesExpected ?? -1) bytes")
  /// }
  /// ```
  ///
  /// A screen that shows the progress hands it to its actor through an `AsyncStream`; the article
  /// <doc:Transfers> shows how.
  ///
  /// - Parameters:
  ///   - endpoint: What to send; its response type is not used.
  ///   - destination: Where the body goes; its folder must exist. A file there is replaced.
  ///   - progress: Called after each chunk is written, in order, off the caller's actor; keep it
  ///     quick.
  /// - Returns: The response head (status, header fields, final URL); its body is empty.
  /// - Throws: ``HTTPError`` as ``stream(_:)`` does, the body stream's failures, and
  ///   ``HTTPError/transport(code:reason:)`` with a file error code (`cannotCreateFile`,
  ///   `cannotWriteToFile`, `cannotMoveFile`) when the file cannot be written.
  @discardableResult
  public func download<Response>(
    _ endpoint: Endpoint<Response>, to destination: URL,
    progress: @escaping @Sendable (HTTPTransferProgress) -> Void = { _ in }
  ) async throws(HTTPError) -> HTTPResponse {
    let streamed = try await stream(endpoint)
    try await Self.write(streamed, to: destination, progress: progress)
    return streamed.response
  }

  @concurrent
  private static func write(
    _ streamed: HTTPStreamedResponse, to destination: URL, progress: @Sendable (HTTPTransferProgress) -> Void
  ) async throws(HTTPError) {
    let file: TemporaryFile
    do {
      file = try TemporaryFile.beside(destination)
    } catch {
      streamed.body.cancel()
      throw error
    }
    var report = HTTPTransferProgress(bytesReceived: 0, bytesExpected: streamed.expectedContentLength)
    var chunks = streamed.body.makeAsyncIterator()
    do throws(HTTPError) {
      while let chunk = try await chunks.next() {
        try file.append(chunk)
        report.bytesReceived += Int64(chunk.count)
        progress(report)
      }
    } catch {
      streamed.body.cancel()
      file.discard()
      throw error
    }
    try file.commit(to: destination)
  }
}
