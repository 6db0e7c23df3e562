import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport over `URLSession` (FoundationNetworking on Linux).
///
/// - Cancelling the calling task cancels the network request at once.
/// - A request whose server sends nothing for its ``HTTPRequest/timeout`` (or the configured
///   default, 30 s) fails with ``HTTPError/timedOut``. That timeout starts again with every
///   byte, so each request also has a total deadline, its ``HTTPRequest/deadline`` (or the
///   configured default, 60 s): over it the request is cancelled and fails with
///   ``HTTPError/deadlineExceeded(_:)``, however steadily the server drips its answer. Streamed
///   responses get only their own deadline.
/// - On Linux, a request waiting for its answer on a new connection keeps a core busy (a
///   FoundationNetworking fault the transport cannot reach); the deadline bounds how long.
/// - Reading stops as soon as a body passes ``Configuration/maximumResponseSize`` (20 MiB by
///   default), with ``HTTPError/responseTooLarge(limit:)``. A streamed body
///   (``stream(_:)``) is not bounded in total; at most that much of it waits unread.
/// - Redirects are followed only within the origin of the request unless configured
///   otherwise; an `Authorization` header never follows a redirect to another origin.
/// - Bodies from files and streams (``HTTPRequest/bodySource``) are sent without loading them
///   into memory; see ``HTTPBodySource``.
/// - By default nothing is kept between requests: no cookies, no URL cache. Pass a session
///   configuration of your own for proxies, extra headers or cookies, and a challenge handler
///   for certificate pinning or HTTP authentication; see
///   ``init(configuration:session:challengeHandler:)``.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .init(timeout: .seconds(15)))
/// let client = HTTPClient(baseURL: URL(string: "https://dummyjson.com")!, transport: transport)
/// ```
public final class URLSessionTransport: HTTPTransport {
  /// The settings the transport was created with.
  public let configuration: Configuration
  let session: URLSession
  let delegate: SessionDelegate

  /// Creates a transport with its own ephemeral `URLSession`: no cookies, no URL cache.
  ///
  /// - Parameter configuration: Timeout, size limit and redirect policy.
  public convenience init(configuration: Configuration = Configuration()) {
    self.init(configuration: configuration, session: Self.defaultSessionConfiguration())
  }

  /// Creates a transport whose `URLSession` uses `sessionConfiguration`, answering
  /// authentication challenges with `challengeHandler`.
  ///
  /// The session configuration is used as given: its proxies (`connectionProxyDictionary`),
  /// `httpAdditionalHeaders`, cookie storage, cache and `timeoutIntervalForResource` apply to every
  /// request. Start from ``defaultSessionConfiguration()`` to keep the transport's defaults. The
  /// time a request waits for the server is still ``HTTPRequest/timeout`` or
  /// ``Configuration/timeout``, which the transport sets on every request. The transport keeps its
  /// own duties: redirects follow ``Configuration/redirects``, bodies are bounded, tasks are
  /// cancelled with their callers.
  ///
  /// ```swift
  /// let session = URLSessionTransport.defaultSessionConfiguration()
  /// session.httpAdditionalHeaders = ["User-Agent": "Storefront/2.1"]
  /// session.connectionProxyDictionary = proxySettings
  /// let transport = URLSessionTransport(session: session) { challenge in
  ///   challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
  ///     && challenge.previousFailureCount == 0
  ///     ? .useCredential(URLCredential(user: "reader", password: secret, persistence: .none))
  ///     : .performDefaultHandling
  /// }
  /// ```
  ///
  /// Background sessions are not supported, and a configuration with an `identifier` stops the
  /// program: they refuse the data tasks that ``send(_:)->_`` and ``stream(_:)`` use, and hand
  /// results to an app the system relaunched, where no caller awaits them. On Linux
  /// `URLSessionConfiguration.background(withIdentifier:)` does not exist.
  ///
  /// - Parameters:
  ///   - configuration: Timeout, size limit and redirect policy.
  ///   - sessionConfiguration: The `URLSession`'s configuration; `URLSession` copies it, so later
  ///     changes do not apply.
  ///   - challengeHandler: Answers authentication challenges; see ``ChallengeHandler`` for which
  ///     ones each platform delivers. `nil` declines HTTP authentication, so a 401 reaches the
  ///     caller, and leaves server trust to the system.
  public init(
    configuration: Configuration = Configuration(), session sessionConfiguration: URLSessionConfiguration,
    challengeHandler: ChallengeHandler? = nil
  ) {
    precondition(
      sessionConfiguration.identifier == nil, "URLSessionTransport does not support background session configurations")
    self.configuration = configuration
    self.delegate = SessionDelegate(
      limit: configuration.maximumResponseSize, redirects: configuration.redirects, challengeHandler: challengeHandler)
    self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
    // On Linux (FoundationNetworking, Swift 6.3.1) a request that waits for its answer on a new
    // connection keeps most of a core busy, 8 to 9 s of CPU in a 10 s wait (`perf`: the
    // dispatch manager thread and two overcommit workers in epoll_wait, eventfd_write and futex).
    // libcurl asks to watch the socket for writing while it connects and sends the request, then
    // for reading only; `URLSession._MultiHandle.register` adds a read source but never cancels
    // the write source (`_SocketSources.createSources` only adds). A connected socket is always
    // writable, so libdispatch fires that source again and again (EPOLLOUT, one-shot, re-armed
    // after each handler), and each time `curl_multi_socket_action` finds nothing to do. It
    // stops when the transfer ends and curl unregisters the socket; a request on a reused
    // keep-alive connection is registered for reading only and costs nothing. Neither the
    // sources nor curl's options are reachable through URLSession, so the transport cannot stop
    // it: it bounds it, with every request's total deadline. `WaitingCostTests` measures it.
  }

  deinit {
    // The session keeps its delegate until it is invalidated.
    session.finishTasksAndInvalidate()
  }

  /// The session configuration of ``init(configuration:)``, to start a configuration of your own
  /// from: ephemeral, with no cookie storage and no URL cache.
  public static func defaultSessionConfiguration() -> URLSessionConfiguration {
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.httpCookieStorage = nil
    sessionConfiguration.httpShouldSetCookies = false
    sessionConfiguration.urlCache = nil
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return sessionConfiguration
  }

  /// Sends `request` and returns the response, whatever its status.
  ///
  /// - Throws: ``HTTPError``: ``HTTPError/cancelled`` when the calling task is cancelled,
  ///   ``HTTPError/timedOut``, ``HTTPError/deadlineExceeded(_:)``, ``HTTPError/offline(reason:)``,
  ///   ``HTTPError/responseTooLarge(limit:)``, ``HTTPError/invalidRequest(reason:)`` for a
  ///   body file or stream that cannot be read, and other transport failures.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let task = try await makeTask(for: request)
    delegate.register(task)
    if let deadline = request.deadline ?? configuration.deadline { delegate.armDeadline(deadline, for: task) }
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: SessionDelegate.Waiter) in
          delegate.start(task, waiter: continuation)
        }
      } onCancel: {
        delegate.cancel(task)
      }
    } catch {
      throw HTTPError(transportError: error)
    }
  }

  /// The number of transfers whose caller still waits or reads, for tests.
  var activeTransfers: Int { delegate.activeTransfers }

  func urlRequest(for request: HTTPRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    urlRequest.httpBody = request.bodySource == nil ? request.body : nil
    urlRequest.timeoutInterval = (request.timeout ?? configuration.timeout).timeInterval
    for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
    return urlRequest
  }
}
