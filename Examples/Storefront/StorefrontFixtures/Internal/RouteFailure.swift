import CustodyHTTP

/// A request the backend answers with an error status and `{"message": …}`, or, for a path
/// that names no route, with an HTML page as the public service does.
struct RouteFailure: Error, Sendable {
  var status: Int
  var message: String
  var headers: HTTPHeaders = [:]
  /// Set for a path with no route: the method and path the page names.
  var missingPage: (method: HTTPMethod, path: String)?

  var response: HTTPResponse {
    if let missingPage { return ServerPages.notFound(method: missingPage.method, path: missingPage.path) }
    return .jsonMessage(message, status: status, headers: headers)
  }

  static func badRequest(_ message: String) -> RouteFailure { RouteFailure(status: 400, message: message) }
  static func unauthorized(_ message: String) -> RouteFailure { RouteFailure(status: 401, message: message) }
  static func forbidden(_ message: String) -> RouteFailure { RouteFailure(status: 403, message: message) }
  static func notFound(_ message: String) -> RouteFailure { RouteFailure(status: 404, message: message) }
  static func serverError(_ message: String) -> RouteFailure { RouteFailure(status: 500, message: message) }

  /// No route for `method` and `path`: a 404 HTML page.
  static func noRoute(method: HTTPMethod, path: String) -> RouteFailure {
    RouteFailure(status: 404, message: "", missingPage: (method, path))
  }
}
