import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport over `URLSession` (FoundationNetworking on Linux).
///
/// - Cancelling the calling task cancels the network request at once.
/// - Each request waits at most its ``HTTPRequest/timeout`` (or the configured default), then
///   fails with ``HTTPFailure/timedOut``.
/// - Reading stops as soon as a body passes ``Configuration/maximumResponseSize`` (20 MiB by
///   default), with ``HTTPFailure/responseTooLarge(limit:)``.
/// - Redirects are followed only within the origin of the request unless configured
///   otherwise; an `Authorization` header never follows a redirect to another origin.
/// - Nothing is kept between requests: no cookies, no URL cache.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .init(timeout: .seconds(15)))
/// let client = HTTPClient(baseURL: URL(string: "https://dummyjson.com")!, transport: transport)
/// ```
public final class URLSessionTransport: HTTPTransport {
  /// The settings the transport was created with.
  public let configuration: Configuration
  private let session: URLSession
  private let delegate: SessionDelegate

  /// Creates a transport with its own `URLSession`.
  ///
  /// - Parameter configuration: Timeout, size limit and redirect policy.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.httpCookieStorage = nil
    sessionConfiguration.httpShouldSetCookies = false
    sessionConfiguration.urlCache = nil
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.delegate = SessionDelegate(limit: configuration.maximumResponseSize, redirects: configuration.redirects)
    self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    // The session keeps its delegate until it is invalidated.
    session.finishTasksAndInvalidate()
  }

  /// Sends `request` and returns the response, whatever its status.
  ///
  /// - Throws: ``HTTPFailure``: ``HTTPFailure/cancelled`` when the calling task is cancelled,
  ///   ``HTTPFailure/timedOut``, ``HTTPFailure/offline(reason:)``,
  ///   ``HTTPFailure/responseTooLarge(limit:)`` and other transport failures.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let task = session.dataTask(with: urlRequest(for: request))
    delegate.register(task)
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: SessionDelegate.Waiter) in
          delegate.start(task, waiter: continuation)
        }
      } onCancel: {
        delegate.cancel(task)
      }
    } catch {
      throw HTTPFailure(transportError: error)
    }
  }

  private func urlRequest(for request: HTTPRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    urlRequest.httpBody = request.body
    urlRequest.timeoutInterval = (request.timeout ?? configuration.timeout).timeInterval
    for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
    return urlRequest
  }
}
