/// Finds the first syntax error in a JSON text and describes it in the words of the
/// JavaScript engine behind the public service, so a malformed body gets the message a client
/// would see there (`Expected property name or '}' in JSON at position 1`).
///
/// Positions count UTF-16 code units, as JavaScript strings do.
struct JSONSyntax {
  private let bytes: [UInt8]
  private var index = 0

  /// The error message for `text`, or `nil` when it is valid JSON.
  ///
  /// With `containersOnly`, text that does not start with an object or an array is refused
  /// at its first character, as the service's request body parser refuses it.
  static func firstError(in text: [UInt8], containersOnly: Bool = false) -> String? {
    var scanner = JSONSyntax(bytes: text)
    do throws(Problem) {
      scanner.skipWhitespace()
      if containersOnly, let first = scanner.current, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
        return scanner.unexpectedToken(at: scanner.index)
      }
      try scanner.value()
      scanner.skipWhitespace()
      if scanner.index < text.count {
        throw Problem.expected("Unexpected non-whitespace character after JSON")
      }
      return nil
    } catch {
      return scanner.message(for: error)
    }
  }

  private enum Problem: Error {
    /// An unexpected token where `message` (if any) says what was expected.
    case expected(String?)
    /// A problem at the current position with its own message.
    case at(String)
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
  }

  private mutating func value() throws(Problem) {
    guard let byte = current else { throw .expected(nil) }
    switch byte {
    case UInt8(ascii: "{"): try object()
    case UInt8(ascii: "["): try array()
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw .expected(nil)
    }
  }

  private mutating func object() throws(Problem) {
    index += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return
    }
    var expectation = "Expected property name or '}'"
    while true {
      guard current == UInt8(ascii: "\"") else { throw .expected(expectation) }
      try string()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw .expected("Expected ':' after property name") }
      index += 1
      skipWhitespace()
      try value()
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return
      }
      guard current == UInt8(ascii: ",") else { throw .expected("Expected ',' or '}' after property value") }
      index += 1
      skipWhitespace()
      expectation = "Expected double-quoted property name"
    }
  }

  private mutating func array() throws(Problem) {
    index += 1
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      try value()
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return
      }
      guard current == UInt8(ascii: ",") else { throw .expected("Expected ',' or ']' after array element") }
      index += 1
      skipWhitespace()
    }
  }

  private mutating func string() throws(Problem) {
    index += 1
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 1
        guard let escaped = current else { break }
        if escaped == UInt8(ascii: "u") {
          for _ in 0..<4 {
            index += 1
            guard let hex = current, hex.isHexDigit else { throw .at("Bad Unicode escape") }
          }
        } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
          throw .at("Bad escaped character")
        }
        index += 1
      case ..<0x20: throw .at("Bad control character in string literal")
      default: index += 1
      }
    }
    throw .at("Unterminated string")
  }

  private mutating func number() throws(Problem) {
    if current == UInt8(ascii: "-") {
      index += 1
      guard current?.isDigit == true else { throw .at("No number after minus sign") }
    }
    if current == UInt8(ascii: "0") {
      index += 1
    } else {
      while current?.isDigit == true { index += 1 }
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard current?.isDigit == true else { throw .at("Unterminated fractional number") }
      while current?.isDigit == true { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard current?.isDigit == true else { throw .at("Exponent part is missing a number") }
      while current?.isDigit == true { index += 1 }
    }
  }

  private mutating func literal(_ word: StaticString) throws(Problem) {
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard current == expected else { throw .expected(nil) }
      index += 1
    }
  }

  private func message(for problem: Problem) -> String {
    let position = String(decoding: bytes[..<min(index, bytes.count)], as: UTF8.self).utf16.count
    switch problem {
    case .at(let text):
      return "\(text) in JSON at position \(position)"
    case .expected(let expectation):
      guard let byte = current else { return "Unexpected end of JSON input" }
      if byte == UInt8(ascii: "-") || byte.isDigit { return "Unexpected number in JSON at position \(position)" }
      if byte == UInt8(ascii: "\"") { return "Unexpected string in JSON at position \(position)" }
      if let expectation { return "\(expectation) in JSON at position \(position)" }
      return unexpectedToken(at: position)
    }
  }

  /// `Unexpected token 'x', "text" is not valid JSON`, with ten characters either side of the
  /// token when the text is long.
  private func unexpectedToken(at position: Int) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let units = Array(text.utf16)
    let token = String(decoding: units[position..<min(position + 1, units.count)], as: UTF16.self)
    guard units.count > 40 else { return "Unexpected token '\(token)', \"\(text)\" is not valid JSON" }
    let start = max(0, position - 10)
    let end = min(units.count, position + 10)
    let context = String(decoding: units[start..<end], as: UTF16.self)
    return "Unexpected token '\(token)', \(start > 0 ? "..." : "")\"\(context)\"\(end < units.count ? "..." : "")"
      + " is not valid JSON"
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

  fileprivate var isHexDigit: Bool {
    isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
