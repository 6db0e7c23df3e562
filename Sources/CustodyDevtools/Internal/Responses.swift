/// The bytes of the server's answers.
enum Responses {
  /// Headers every answer carries: nothing cached, nothing sniffed, never framed, no referrer.
  private static let common = [
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "X-Frame-Options: DENY",
    "Referrer-Policy: no-referrer",
    "Cross-Origin-Resource-Policy: same-origin",
  ]

  /// A refusal: its status and nothing more, then the connection closes.
  static func refusal(_ status: HTTPStatus) -> [UInt8] {
    var headers = common + ["Content-Type: text/plain; charset=utf-8", "Connection: close"]
    if status == .methodNotAllowed { headers.append("Allow: GET") }
    return response(status, headers: headers, body: Array("\(status.code)\n".utf8))
  }

  /// The page, with a content security policy that lets only its own inline script and style
  /// run (by a nonce new with every answer) and lets it connect only to this server.
  static func page(nonce: String) -> [UInt8] {
    let policy =
      "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
      + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    let body = Array(DevtoolsPage.html(nonce: nonce).utf8)
    return response(
      .ok,
      headers: common + [
        "Content-Type: text/html; charset=utf-8", "Content-Security-Policy: \(policy)", "Connection: close",
      ], body: body)
  }

  /// The head of the event stream; events follow for as long as the connection lasts.
  static let streamHead: [UInt8] =
    Array(
      (["HTTP/1.1 200 OK", "Content-Type: text/event-stream; charset=utf-8"] + common + ["Connection: keep-alive"])
        .joined(separator: "\r\n").utf8) + Array("\r\n\r\n".utf8)

  /// A comment line that keeps an idle stream open through proxies and finds dead clients.
  static let keepAlive: [UInt8] = Array(": keep-alive\n\n".utf8)

  private static func response(_ status: HTTPStatus, headers: [String], body: [UInt8]) -> [UInt8] {
    let head = (["HTTP/1.1 \(status)"] + headers + ["Content-Length: \(body.count)"]).joined(separator: "\r\n")
    return Array(head.utf8) + Array("\r\n\r\n".utf8) + body
  }
}
