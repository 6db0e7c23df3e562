/// The start of an HTTP/1 request, read from the bytes a client sent: its request line and
/// headers, nothing else (the server never reads a body).
struct RequestHead: Equatable {
  var method: String
  /// The request target as sent, such as `/events?token=…`.
  var target: String
  /// Header names lower-cased, with their values trimmed, in the order sent.
  var headers: [(name: String, value: String)]

  /// The path of ``target``, without its query.
  var path: Substring { target.prefix { $0 != "?" } }

  /// The value of the query parameter `name`, as sent (the server's values need no decoding).
  func query(_ name: String) -> Substring? {
    guard let mark = target.firstIndex(of: "?") else { return nil }
    for pair in target[target.index(after: mark)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2, parts[0] == name { return parts[1] }
    }
    return nil
  }

  /// Every value of the header `name` (lower-case).
  func values(of name: String) -> [String] { headers.filter { $0.name == name }.map(\.value) }

  static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target
      && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}

extension RequestHead {
  /// What reading the bytes received so far gave.
  enum Reading: Equatable {
    /// The head is complete.
    case head(RequestHead)
    /// More bytes are needed, and may still come within the limits.
    case incomplete
    /// The bytes are not a request the server takes; answer with this status and close.
    case refused(HTTPStatus)
  }

  /// The most a head may take, request line and headers together.
  static let byteLimit = 8 * 1024
  /// The most headers a request may send.
  static let headerLimit = 64

  /// Reads a request head from `bytes`, the start of what a client sent.
  static func read(_ bytes: [UInt8]) -> Reading {
    guard let end = headEnd(bytes) else {
      if bytes.count > byteLimit { return .refused(.headersTooLarge) }
      // A request line that is not HTTP is refused as soon as it is seen, not at the limit.
      if let lineEnd = bytes.firstIndex(of: 0x0A), parseRequestLine(bytes[..<lineEnd]) == nil {
        return .refused(.badRequest)
      }
      if let first = bytes.first, !(0x41...0x5A).contains(first) { return .refused(.badRequest) }
      return .incomplete
    }
    guard end <= byteLimit else { return .refused(.headersTooLarge) }
    var lines = bytes[..<end].split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? line.dropLast() : line
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first, let (method, target) = parseRequestLine(first) else { return .refused(.badRequest) }
    let fields = lines.dropFirst()
    guard fields.count <= headerLimit else { return .refused(.headersTooLarge) }
    var headers: [(name: String, value: String)] = []
    for field in fields {
      guard let colon = field.firstIndex(of: 0x3A), colon > field.startIndex,
        field[..<colon].allSatisfy(isTokenByte), field[colon...].allSatisfy(isFieldByte)
      else { return .refused(.badRequest) }
      let name = String(decoding: field[..<colon], as: UTF8.self).lowercased()
      let value = String(decoding: field[field.index(after: colon)...], as: UTF8.self)
      headers.append((name, value.trimmingSpaces))
    }
    return .head(RequestHead(method: method, target: target, headers: headers))
  }

  /// Where the blank line that ends the head ends, if it has arrived.
  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    var index = bytes.startIndex
    while let newline = bytes[index...].firstIndex(of: 0x0A) {
      let next = newline + 1
      if next < bytes.count, bytes[next] == 0x0A { return next + 1 }
      if next + 1 < bytes.count, bytes[next] == 0x0D, bytes[next + 1] == 0x0A { return next + 2 }
      index = next
    }
    return nil
  }

  /// `GET /path HTTP/1.1` → (`GET`, `/path`); `nil` for anything else.
  private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> (String, String)? {
    let line = line.last == 0x0D ? line.dropLast() : line
    let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].count <= 16,
      parts[0].allSatisfy({ (0x41...0x5A).contains($0) }),
      parts[1].first == 0x2F, parts[1].allSatisfy({ (0x21...0x7E).contains($0) }),
      parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8)
    else { return nil }
    return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self))
  }

  /// The characters of a header name (RFC 9110 `tchar`).
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// A header value's bytes: visible characters, spaces and tabs, and UTF-8 (no control bytes).
  private static func isFieldByte(_ byte: UInt8) -> Bool {
    byte == 0x09 || (0x20...0x7E).contains(byte) || byte >= 0x80
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
