import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Receives the events of every task of one `URLSession` and turns them into one answer per
/// caller: it collects body bytes up to the limit, decides redirects, and resumes the caller's
/// continuation when the task ends.
///
/// All mutable state is in `table`, behind a lock; continuations are resumed after the lock
/// is released.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  typealias Waiter = CheckedContinuation<HTTPResponse, any Error>

  private let table: LockedState<TransferTable<Waiter>>
  private let limit: Int
  private let redirects: URLSessionTransport.RedirectPolicy

  init(limit: Int, redirects: URLSessionTransport.RedirectPolicy) {
    self.table = LockedState(TransferTable(limit: limit))
    self.limit = limit
    self.redirects = redirects
  }

  /// Registers `task` before its caller waits, so that a cancellation arriving first is kept.
  func register(_ task: URLSessionTask) {
    table.withLock { $0.create(task.taskIdentifier) }
  }

  /// Starts `task` with `waiter` as its caller, or fails the caller at once when its task was
  /// cancelled before.
  func start(_ task: URLSessionTask, waiter: Waiter) {
    switch table.withLock({ $0.start(task.taskIdentifier, waiter: waiter) }) {
    case .resume: task.resume()
    case .failCancelled: waiter.resume(throwing: HTTPFailure.cancelled)
    }
  }

  /// Cancels `task` and fails its caller at once, without waiting for the session to notice.
  func cancel(_ task: URLSessionTask) {
    let waiter = table.withLock { $0.cancel(task.taskIdentifier) }
    task.cancel()
    waiter?.resume(throwing: HTTPFailure.cancelled)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(RedirectDecision.follow(request, from: task.originalRequest?.url, policy: redirects))
  }

  /// Declines HTTP authentication challenges (Basic, Digest…), so the 401 reaches the caller
  /// and its middleware; credentials come from a `TokenStore`, not from URL credential storage.
  /// Without this, FoundationNetworking in Swift 6.3.1 waits forever on a 401 that carries
  /// `WWW-Authenticate: Basic` (swift-corelibs-foundation issue 5456).
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    // Only challenges that come with a 401 or 407; server trust is left to the system.
    guard let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode, status == 401 || status == 407
    else {
      return completionHandler(.performDefaultHandling, nil)
    }
    table.withLock { $0.declineChallenge(task.taskIdentifier) }
    completionHandler(.rejectProtectionSpace, nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    let proceed = table.withLock { $0.receiveResponse(id, expectedLength: response.expectedContentLength) }
    completionHandler(proceed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let proceed = table.withLock { $0.receive(id, data: data) }
    if !proceed { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let (waiter, outcome) = table.withLock({ $0.complete(task.taskIdentifier, error: error) }) else { return }
    switch outcome {
    case .tooLarge:
      waiter.resume(throwing: HTTPFailure.responseTooLarge(limit: limit))
    case .failed(let error):
      waiter.resume(throwing: HTTPFailure(transportError: error))
    case .response(let body):
      guard let http = task.response as? HTTPURLResponse else {
        waiter.resume(throwing: HTTPFailure.invalidResponse(reason: "the answer is not an HTTP response"))
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
