/// The statuses the server answers with.
struct HTTPStatus: Equatable, CustomStringConvertible {
  let code: Int
  let reason: String

  static let ok = HTTPStatus(code: 200, reason: "OK")
  static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
  static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
  static let notFound = HTTPStatus(code: 404, reason: "Not Found")
  static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
  static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
  static let headersTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
  static let unavailable = HTTPStatus(code: 503, reason: "Service Unavailable")

  var description: String { "\(code) \(reason)" }
}
