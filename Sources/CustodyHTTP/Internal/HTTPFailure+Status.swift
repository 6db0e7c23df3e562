import Foundation

extension HTTPFailure {
  /// The failure a response stands for: `nil` for a 2xx status.
  ///
  /// The server's explanation is read from a JSON body of the form `{"message": …}`.
  init?(response: HTTPResponse, now: Date) {
    let message = Self.serverMessage(in: response.body)
    switch response.status {
    case 200..<300: return nil
    case 401: self = .unauthorized(message: message)
    case 403: self = .forbidden(message: message)
    case 404: self = .notFound(message: message)
    case 429: self = .rateLimited(retryAfter: RetryAfter.delay(in: response.headers, now: now), message: message)
    case 400..<500: self = .clientError(status: response.status, message: message)
    case 500..<600: self = .serverError(status: response.status, message: message)
    default: self = .unexpectedStatus(response.status)
    }
  }

  private struct ErrorBody: Decodable {
    let message: String
  }

  /// The `message` of a JSON error body, shortened; `nil` for any other body.
  static func serverMessage(in body: Data) -> String? {
    // An error page can be large HTML; only a small body can be the JSON this looks for.
    guard !body.isEmpty, body.count <= 16 * 1024,
      let message = try? JSONDecoder().decode(ErrorBody.self, from: body).message
    else { return nil }
    return message.count > 300 ? String(message.prefix(300)) + "…" : message
  }
}
