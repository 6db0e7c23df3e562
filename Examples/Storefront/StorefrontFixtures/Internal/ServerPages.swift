import CustodyHTTP
import Foundation

/// The answers the public service gives outside its JSON API: HTML for a path with no route,
/// plain text for the redirect that drops a trailing slash.
enum ServerPages {
  /// A 404 HTML page. `GET` gets a page for people; other methods get the web framework's
  /// short `Cannot POST /path` page, as on the public service.
  static func notFound(method: HTTPMethod, path: String) -> HTTPResponse {
    let path = escaped(path)
    let page =
      method == .get
      ? """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Not found</title>
      </head>
      <body>
      <h1>Not found</h1>
      <p>Nothing is served at <code>\(path)</code>. The Storefront API lives under <code>/products</code>, \
      <code>/users</code> and <code>/auth</code>.</p>
      </body>
      </html>

      """
      : """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Error</title>
      </head>
      <body>
      <pre>Cannot \(method.rawValue) \(path)</pre>
      </body>
      </html>

      """
    return HTTPResponse(status: 404, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(page.utf8))
  }

  /// 301 to `location`, the same path without its trailing slash.
  static func redirect(to location: String) -> HTTPResponse {
    HTTPResponse(
      status: 301, headers: ["Location": location, "Content-Type": "text/plain; charset=utf-8"],
      body: Data("Moved Permanently. Redirecting to \(location)".utf8))
  }

  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}

extension HTTPResponse {
  /// `{"message": message}` with the public service's content type.
  static func jsonMessage(_ message: String, status: Int, headers: HTTPHeaders = [:]) -> HTTPResponse {
    var writer = JSONWriter()
    writer.raw("{")
    writer.key("message", first: true)
    writer.string(message)
    writer.raw("}")
    var response = HTTPResponse.jsonBytes(writer.bytes, status: status)
    for field in headers { response.headers.add(name: field.name, value: field.value) }
    return response
  }
}
