import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// The task that sends `request`, with its body from wherever it is:
  /// - in memory: a data task;
  /// - a file: an upload task that `URLSession` feeds from the file as it sends;
  /// - an `InputStream`: a streamed upload task, whose stream the delegate hands over when
  ///   `URLSession` asks (`needNewBodyStream`), a new one for every time it asks;
  /// - an `AsyncSequence`: written to a temporary file first (no `URLSession` of Linux can read
  ///   a stream that is not ready at once: FoundationNetworking ends the body there), then sent
  ///   from that file, which is removed when the task ends.
  ///
  /// - Throws: ``HTTPError/invalidRequest(reason:)`` when a body file cannot be read or a body
  ///   sequence fails, ``HTTPError/cancelled`` when cancelled while writing the temporary file.
  func makeTask(for request: HTTPRequest) async throws(HTTPError) -> URLSessionTask {
    let urlRequest = urlRequest(for: request)
    guard let source = request.bodySource else { return session.dataTask(with: urlRequest) }
    switch source.kind {
    case .file(let url):
      guard FileManager.default.isReadableFile(atPath: url.path) else { throw HTTPBodySource.unreadableFile }
      return session.uploadTask(with: urlRequest, fromFile: url)
    case .inputStream(let makeStream):
      let task = session.uploadTask(withStreamedRequest: urlRequest)
      delegate.attach(.init(makeBodyStream: makeStream), to: task)
      return task
    case .chunks:
      let spooled = try await source.spool()
      let task = session.uploadTask(with: urlRequest, fromFile: spooled.url)
      delegate.attach(.init(cleanup: { spooled.remove() }), to: task)
      return task
    }
  }
}
