import Foundation

extension HTTPError {
  /// The failure a response stands for: `nil` for a 2xx status.
  ///
  /// - Parameters:
  ///   - response: The server's answer.
  ///   - now: When it arrived, to turn a `Retry-After` date into a delay.
  ///   - errorMessage: Reads the server's explanation out of the body, as the client's API words it.
  init?(response: HTTPResponse, now: Date, errorMessage: HTTPErrorMessage) {
    guard !response.isSuccess else { return nil }
    let message = errorMessage.message(in: response)
    switch response.status {
    case 401: self = .unauthorized(message: message)
    case 403: self = .forbidden(message: message)
    case 404: self = .notFound(message: message)
    case 429: self = .rateLimited(retryAfter: RetryAfter.delay(in: response.headers, now: now), message: message)
    case 400..<500: self = .clientError(status: response.status, message: message)
    case 500..<600: self = .serverError(status: response.status, message: message)
    default: self = .unexpectedStatus(response.status)
    }
  }
}
