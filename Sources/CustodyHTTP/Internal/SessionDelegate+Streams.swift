import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SessionDelegate {
  /// Registers a streamed transfer of `task`, whose bytes go to `sink`, before its caller waits.
  func registerStream(_ task: URLSessionTask, sink: HTTPBodyStream.Continuation) {
    streams.withLock { $0.create(task.taskIdentifier, sink: sink) }
  }

  /// Starts `task` with `waiter` waiting for the response head, or fails it at once when the
  /// caller was cancelled before.
  func startStream(_ task: URLSessionTask, waiter: Waiter) {
    switch streams.withLock({ $0.start(task.taskIdentifier, waiter: waiter) }) {
    case .resume: task.resume()
    case .failCancelled:
      detach(task.taskIdentifier)
      waiter.resume(throwing: HTTPError.cancelled)
    }
  }

  /// The caller stopped waiting for the head, or its body's reader stopped: cancels `task` and
  /// fails a caller still waiting for the head at once.
  func cancelStream(_ task: URLSessionTask) {
    let waiter = streams.withLock { $0.cancel(task.taskIdentifier) }
    task.cancel()
    waiter?.resume(throwing: HTTPError.cancelled)
  }

  /// Hands the head of a streamed transfer on. Returns `false` when `task` is not a streamed
  /// transfer that someone still wants.
  func streamDidReceive(_ task: URLSessionTask, head: URLResponse) -> Bool {
    let status = (head as? HTTPURLResponse)?.statusCode ?? 0
    return deliver(streams.withLock { $0.receiveHead(task.taskIdentifier, status: status) }, of: task, data: nil)
  }

  /// Hands body bytes of a streamed transfer on. Returns `false` when `task` is not a streamed
  /// transfer that someone still wants.
  func streamDidReceive(_ task: URLSessionTask, data: Data) -> Bool {
    deliver(streams.withLock { $0.receive(task.taskIdentifier, data: data) }, of: task, data: data)
  }

  private func deliver(
    _ delivery: StreamTable<Waiter, HTTPBodyStream.Continuation>.Delivery, of task: URLSessionTask, data: Data?
  ) -> Bool {
    switch delivery {
    case .ignored:
      return false
    case .held:
      return true
    case .deliver(let waiter, let sink):
      if let waiter { resume(waiter, withHeadOf: task) }
      if let data { sink.yield(data) }
      return true
    }
  }

  /// Ends a streamed transfer. Returns `false` when `task` is not a streamed transfer that
  /// someone still wants.
  func streamDidComplete(_ task: URLSessionTask, error: (any Error)?) -> Bool {
    guard let completion = streams.withLock({ $0.complete(task.taskIdentifier, error: error) }) else { return false }
    let failure = completion.failure
    if let waiter = completion.waiter {
      if let failure { waiter.resume(throwing: failure) } else { resume(waiter, withHeadOf: task) }
    }
    if let held = completion.heldBody, failure == nil { completion.sink.yield(held) }
    if let failure { completion.sink.finish(throwing: failure) } else { completion.sink.finish() }
    return true
  }

  private func resume(_ waiter: Waiter, withHeadOf task: URLSessionTask) {
    guard let http = task.response as? HTTPURLResponse else {
      return waiter.resume(throwing: HTTPError.invalidResponse(reason: "the answer is not an HTTP response"))
    }
    waiter.resume(returning: HTTPResponse(http, body: Data()))
  }
}
