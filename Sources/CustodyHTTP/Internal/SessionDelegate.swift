import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Receives the events of every task of one `URLSession` and turns them into one answer per
/// caller: it collects body bytes up to the limit (or feeds them to a body stream), decides
/// redirects and challenges, and resumes the caller's continuation when the task ends.
///
/// All mutable state is in `table`, `streams`, `attachments` and `deadlines`, behind locks; continuations
/// are resumed and streams fed after the lock is released.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  typealias Waiter = CheckedContinuation<HTTPResponse, any Error>

  let table: LockedState<TransferTable<Waiter>>
  let streams = LockedState(StreamTable<Waiter, HTTPBodyStream.Continuation>())
  let attachments = LockedState<[Int: Attachment]>([:])
  /// The task identifiers of the transfers whose total deadline has not passed yet.
  let deadlines = LockedState<Set<Int>>([])
  private let limit: Int
  private let redirects: URLSessionTransport.RedirectPolicy
  let challengeHandler: URLSessionTransport.ChallengeHandler?

  init(
    limit: Int, redirects: URLSessionTransport.RedirectPolicy, challengeHandler: URLSessionTransport.ChallengeHandler?
  ) {
    self.table = LockedState(TransferTable(limit: limit))
    self.limit = limit
    self.redirects = redirects
    self.challengeHandler = challengeHandler
  }

  /// The number of transfers whose caller still waits or reads, for tests.
  var activeTransfers: Int { table.withLock { $0.count } + streams.withLock { $0.count } }

  /// Registers `task` before its caller waits, so that a cancellation arriving first is kept.
  func register(_ task: URLSessionTask) {
    table.withLock { $0.create(task.taskIdentifier) }
  }

  /// Starts `task` with `waiter` as its caller, or fails the caller at once when its task was
  /// cancelled before.
  func start(_ task: URLSessionTask, waiter: Waiter) {
    switch table.withLock({ $0.start(task.taskIdentifier, waiter: waiter) }) {
    case .resume: task.resume()
    case .failCancelled:
      detach(task.taskIdentifier)
      waiter.resume(throwing: HTTPError.cancelled)
    }
  }

  /// Cancels `task` and fails its caller at once, without waiting for the session to notice.
  func cancel(_ task: URLSessionTask) {
    let waiter = table.withLock { $0.cancel(task.taskIdentifier) }
    task.cancel()
    waiter?.resume(throwing: HTTPError.cancelled)
  }

  /// Marks the transfer of `id` as answered by a declined challenge, whichever table holds it.
  func declineChallenge(_ id: Int) {
    table.withLock { $0.declineChallenge(id) }
    streams.withLock { $0.declineChallenge(id) }
  }

  /// Marks the transfer of `id` as sent again with a credential, whichever table holds it.
  func answerChallenge(_ id: Int) {
    table.withLock { $0.answerChallenge(id) }
    streams.withLock { $0.answerChallenge(id) }
  }

  /// Marks the transfer of `id` as failed by a refused challenge, whichever table holds it.
  func refuseChallenge(_ id: Int, code: URLError.Code) {
    table.withLock { $0.refuseChallenge(id, code: code) }
    streams.withLock { $0.refuseChallenge(id, code: code) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(RedirectDecision.follow(request, from: task.originalRequest?.url, policy: redirects))
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    if streamDidReceive(dataTask, head: response) { return completionHandler(.allow) }
    let proceed = table.withLock { $0.receiveResponse(id, expectedLength: response.expectedContentLength) }
    completionHandler(proceed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if streamDidReceive(dataTask, data: data) { return }
    let id = dataTask.taskIdentifier
    let proceed = table.withLock { $0.receive(id, data: data) }
    if !proceed { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    detach(task.taskIdentifier)
    if streamDidComplete(task, error: error) { return }
    guard let (waiter, outcome) = table.withLock({ $0.complete(task.taskIdentifier, error: error) }) else { return }
    switch outcome {
    case .tooLarge:
      waiter.resume(throwing: HTTPError.responseTooLarge(limit: limit))
    case .failed(let error):
      waiter.resume(throwing: HTTPError(transportError: error))
    case .response(let body):
      guard let http = task.response as? HTTPURLResponse else {
        waiter.resume(throwing: HTTPError.invalidResponse(reason: "the answer is not an HTTP response"))
        return
      }
      waiter.resume(returning: HTTPResponse(http, body: body))
    }
  }
}

extension HTTPResponse {
  init(_ response: HTTPURLResponse, body: Data) {
    var headers = HTTPHeaders()
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers.add(name: name, value: value) }
    }
    self.init(status: response.statusCode, headers: headers, body: body, url: response.url)
  }
}
