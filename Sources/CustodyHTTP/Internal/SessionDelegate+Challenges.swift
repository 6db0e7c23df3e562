import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SessionDelegate {
  /// Answers every authentication challenge of a task: server trust and client certificates on
  /// Apple platforms (which deliver session-wide challenges here, since the session-level method
  /// is not implemented), HTTP Basic and Digest everywhere.
  ///
  /// The transport's own answer, when no handler is given or the handler asks for default
  /// handling, declines HTTP authentication (a 401 or 407), so the 401 reaches the caller and
  /// its middleware: credentials come from a `TokenStore`, not from URL credential storage.
  /// Without this, FoundationNetworking in Swift 6.3.1 waits forever on a 401 that carries
  /// `WWW-Authenticate: Basic` (swift-corelibs-foundation issue 5456). Other challenges get the
  /// system's default handling.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode
    let isHTTPAuthentication = status == 401 || status == 407
    switch challengeHandler?(challenge) ?? .performDefaultHandling {
    case .useCredential(let credential):
      answerChallenge(task.taskIdentifier)
      completionHandler(.useCredential, credential)
    case .cancel:
      refuseChallenge(task.taskIdentifier, code: Self.refusalCode(for: challenge))
      completionHandler(.cancelAuthenticationChallenge, nil)
    case .performDefaultHandling where isHTTPAuthentication, .rejectProtectionSpace where isHTTPAuthentication:
      declineChallenge(task.taskIdentifier)
      completionHandler(.rejectProtectionSpace, nil)
    case .performDefaultHandling:
      completionHandler(.performDefaultHandling, nil)
    case .rejectProtectionSpace:
      completionHandler(.rejectProtectionSpace, nil)
    }
  }

  /// The failure of a request whose challenge a handler cancelled.
  private static func refusalCode(for challenge: URLAuthenticationChallenge) -> URLError.Code {
    #if canImport(FoundationNetworking)
      return .userCancelledAuthentication  // FoundationNetworking has no server trust challenges
    #else
      let method = challenge.protectionSpace.authenticationMethod
      return method == NSURLAuthenticationMethodServerTrust ? .serverCertificateUntrusted : .userCancelledAuthentication
    #endif
  }
}
