import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// Sends `request` and returns as soon as the response head arrives, whatever its status, with
  /// the body as a stream that yields each chunk `URLSession` receives.
  ///
  /// Cancelling the calling task before the head arrives cancels the request; after it, the
  /// body's reader decides: cancelling it, leaving its loop or dropping the stream cancels the
  /// transfer. At most ``Configuration/maximumResponseSize`` bytes wait unread.
  ///
  /// A stream may rightly stay open for long, so ``Configuration/deadline`` does not apply to it:
  /// only the request's own ``HTTPRequest/deadline`` bounds the whole transfer, and over it the
  /// head's caller or the body's reader gets ``HTTPError/deadlineExceeded(_:)``. The idle
  /// ``HTTPRequest/timeout`` applies as to any request.
  ///
  /// ```swift
  /// let streamed = try await transport.stream(HTTPRequest(url: server.appending(path: "/events")))
  /// for try await chunk in streamed.body { parser.feed(chunk) }
  /// ```
  ///
  /// - Throws: ``HTTPError`` as ``send(_:)->_`` does, for failures before the head.
  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse {
    let task = try await makeTask(for: request)
    let (body, sink) = HTTPBodyStream.makeStream(bufferLimit: configuration.maximumResponseSize) { [delegate] in
      delegate.cancelStream(task)
    }
    delegate.registerStream(task, sink: sink)
    if let deadline = request.deadline { delegate.armDeadline(deadline, for: task) }
    do {
      let head = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: SessionDelegate.Waiter) in
          delegate.startStream(task, waiter: continuation)
        }
      } onCancel: {
        delegate.cancelStream(task)
      }
      return HTTPStreamedResponse(response: head, body: body)
    } catch {
      throw HTTPError(transportError: error)
    }
  }
}
