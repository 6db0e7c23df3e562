import CustodyHTTP

/// A request the backend answers with an error status and `{"message": …}`.
struct RouteFailure: Error, Sendable {
  var status: Int
  var message: String
  var headers: HTTPHeaders = [:]

  var response: HTTPResponse { .message(message, status: status, headers: headers) }

  static func badRequest(_ message: String) -> RouteFailure { RouteFailure(status: 400, message: message) }
  static func unauthorized(_ message: String) -> RouteFailure { RouteFailure(status: 401, message: message) }
  static func forbidden(_ message: String) -> RouteFailure { RouteFailure(status: 403, message: message) }
  static func notFound(_ message: String) -> RouteFailure { RouteFailure(status: 404, message: message) }
}
