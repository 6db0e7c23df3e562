import Custody
import CustodyHTTP
import Foundation

/// The `accessToken` and `refreshToken` cookies the public service sets beside its JSON, so a
/// browser client can authenticate without reading the tokens.
enum Cookies {
  private static let names = ["accessToken", "refreshToken"]

  /// Both cookies set to `tokens`, living `lifetime` from `now`.
  static func issued(_ tokens: (access: String, refresh: String), lifetime: Duration, now: Date) -> HTTPHeaders {
    let seconds = Int(lifetime.timeInterval.rounded())
    let expires = httpDate(now.addingTimeInterval(TimeInterval(seconds)))
    var headers = HTTPHeaders()
    for (name, value) in zip(names, [tokens.access, tokens.refresh]) {
      headers.add(
        name: "Set-Cookie", value: "\(name)=\(value); Max-Age=\(seconds); Path=/; Expires=\(expires); HttpOnly; Secure")
    }
    return headers
  }

  /// Both cookies emptied, as a refused token or a logout leaves them.
  static func cleared(secure: Bool = false) -> HTTPHeaders {
    var headers = HTTPHeaders()
    for name in names {
      headers.add(
        name: "Set-Cookie",
        value: "\(name)=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT" + (secure ? "; HttpOnly; Secure" : ""))
    }
    return headers
  }

  /// The value of the `accessToken` cookie of `request`, if it sent one.
  static func accessToken(of request: HTTPRequest) -> String? {
    for header in request.headers.values(for: "Cookie") {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "accessToken" {
          return parts[1].removingPercentEncoding ?? String(parts[1])
        }
      }
    }
    return nil
  }

  private static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
