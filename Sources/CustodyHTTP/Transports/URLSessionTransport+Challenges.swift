import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// Answers an authentication challenge: the server's certificate (for pinning), a client
  /// certificate, or HTTP Basic and Digest authentication.
  ///
  /// It is called on the session's delegate queue, synchronously: keep it quick, and do not
  /// block on other work.
  ///
  /// Which challenges arrive depends on the platform:
  /// - Apple platforms deliver every kind, server trust included, so a handler can pin
  ///   certificates: compare `challenge.protectionSpace.serverTrust` with the keys you expect and
  ///   answer ``ChallengeAnswer/useCredential(_:)`` with `URLCredential(trust:)`, or
  ///   ``ChallengeAnswer/cancel``.
  /// - Linux (FoundationNetworking) delivers only HTTP authentication challenges: a 401 whose
  ///   `WWW-Authenticate` names a scheme it knows (Basic, Digest). It never delivers a server
  ///   trust or client certificate challenge, nor any session-level challenge: certificates are
  ///   checked by libcurl against the system's trust store, and cannot be pinned through
  ///   `URLSession` there.
  ///
  /// ```swift
  /// let transport = URLSessionTransport(session: URLSessionTransport.defaultSessionConfiguration()) { challenge in
  ///   guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
  ///     let trust = challenge.protectionSpace.serverTrust
  ///   else { return .performDefaultHandling }
  ///   return pinnedKeys.contain(trust) ? .useCredential(URLCredential(trust: trust)) : .cancel
  /// }
  /// ```
  public typealias ChallengeHandler = @Sendable (URLAuthenticationChallenge) -> ChallengeAnswer

  /// How a ``ChallengeHandler`` answers a challenge.
  public enum ChallengeAnswer: Sendable {
    /// Answer with this credential; for HTTP authentication, the request is sent again with it.
    case useCredential(URLCredential)
    /// What the transport does without a handler: decline HTTP authentication, so the 401 or
    /// 407 reaches the caller and its middleware; leave other challenges to the system.
    case performDefaultHandling
    /// Decline this protection space: for HTTP authentication the same as
    /// ``performDefaultHandling``; for a client certificate, let the system try another.
    case rejectProtectionSpace
    /// Refuse: the request fails with ``HTTPError/transport(code:reason:)``, code
    /// `URLError.serverCertificateUntrusted` for server trust (a pinning mismatch) and
    /// `URLError.userCancelledAuthentication` for other challenges. Never
    /// ``HTTPError/cancelled``, which a screen would not show.
    case cancel
  }
}
