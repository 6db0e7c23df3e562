import Foundation

/// Hides secrets in what is printed or logged: credentials in headers, token and password fields
/// in JSON bodies and query strings.
enum Redaction {
  static let mask = "<redacted>"

  private static let sensitiveHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
  ]
  private static let sensitiveFragments = ["token", "password", "secret", "apikey", "api_key"]

  static func isSensitiveHeader(_ name: String) -> Bool {
    let name = name.lowercased()
    return sensitiveHeaders.contains(name) || sensitiveFragments.contains { name.contains($0) }
  }

  static func isSensitiveField(_ name: String) -> Bool {
    let name = name.lowercased()
    return sensitiveFragments.contains { name.contains($0) }
  }

  /// The URL without user info and with the values of sensitive query items masked.
  static func url(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<invalid URL>" }
    components.user = nil
    components.password = nil
    components.queryItems = components.queryItems?.map { item in
      isSensitiveField(item.name) ? URLQueryItem(name: item.name, value: mask) : item
    }
    return components.string ?? "<invalid URL>"
  }

  /// A printable preview of a body: JSON with sensitive fields masked, cut at `limit` characters;
  /// anything else only as its size, since it cannot be searched for secrets reliably.
  static func body(_ body: Data, limit: Int = 1024) -> String? {
    guard !body.isEmpty else { return nil }
    // Parsing is linear in the body's size; a log line does not justify parsing megabytes.
    guard body.count <= 64 * 1024 else { return "<\(body.count) bytes>" }
    guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
      return "<\(body.count) bytes>"
    }
    let masked = maskJSON(object)
    guard
      let data = try? JSONSerialization.data(withJSONObject: masked, options: [.sortedKeys, .fragmentsAllowed]),
      let text = String(data: data, encoding: .utf8)
    else { return "<\(body.count) bytes>" }
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }

  private static func maskJSON(_ object: Any) -> Any {
    switch object {
    case let dictionary as [String: Any]:
      var result: [String: Any] = [:]
      for (key, value) in dictionary { result[key] = isSensitiveField(key) ? mask : maskJSON(value) }
      return result
    case let array as [Any]:
      return array.map(maskJSON)
    default:
      return object
    }
  }
}
