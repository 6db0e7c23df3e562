import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPError {
  /// The failure for an error a transport threw.
  ///
  /// An ``HTTPError`` is kept; cancellation, of the error or of the calling task, becomes
  /// ``cancelled``; URL loading errors are sorted by code.
  init(transportError error: any Error) {
    if let failure = error as? HTTPError {
      self = failure
    } else if error is CancellationError || Task.isCancelled {
      self = .cancelled
    } else if let error = error as? URLError {
      self.init(urlErrorCode: error.code.rawValue)
    } else {
      let error = error as NSError
      if error.domain == NSURLErrorDomain {
        self.init(urlErrorCode: error.code)
      } else {
        self = .transport(code: error.code, reason: "\(error.domain) \(error.code)")
      }
    }
  }

  init(urlErrorCode code: Int) {
    switch URLError.Code(rawValue: code) {
    case .cancelled: self = .cancelled
    case .timedOut: self = .timedOut
    case .notConnectedToInternet, .networkConnectionLost, .cannotFindHost, .cannotConnectToHost,
      .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
      self = .offline(reason: Self.plain(code: code))
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
      self = .invalidResponse(reason: Self.plain(code: code))
    default:
      self = .transport(code: code, reason: Self.plain(code: code))
    }
  }

  /// A short explanation of a URL loading error code. The transport's own text is not used,
  /// because it can name the URL, and a URL can carry a secret in its query.
  private static func plain(code: Int) -> String {
    switch URLError.Code(rawValue: code) {
    case .notConnectedToInternet: "no network connection"
    case .networkConnectionLost: "the connection was lost"
    case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved"
    case .cannotConnectToHost: "the server refused the connection"
    case .internationalRoamingOff, .dataNotAllowed, .callIsActive: "mobile data is not available"
    case .badServerResponse: "the server sent a malformed HTTP response"
    case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData: "the body could not be decoded"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
      "a secure connection could not be established"
    case .badURL, .unsupportedURL: "the URL is not supported"
    case .httpTooManyRedirects, .redirectToNonExistentLocation: "the redirects could not be followed"
    case .userCancelledAuthentication: "the authentication challenge was refused"
    case .fileDoesNotExist, .noPermissionsToReadFile: "the file to upload cannot be read"
    default: "URL loading error \(code)"
    }
  }
}
