// The product page reader as Storefront had it before it read pages straight into models: kept
// unchanged but for its names, so `decode` can time today's pipeline against it in one run.

import Foundation

extension BaselineJSONReader {
  /// Skips one value of any kind, checking it as strictly as the typed reads check theirs: a
  /// field `JSONDecoder` ignores must still be valid JSON, or the body is not.
  ///
  /// Iterative, so a deeply nested value cannot exhaust the stack; it declines nesting beyond
  /// 64 levels.
  mutating func skipValue() throws(Declined) {
    // One bit per open container, 1 for an object, innermost lowest.
    var containers: UInt64 = 0
    var depth = 0
    while true {
      // A value.
      skipWhitespace()
      switch peek() {
      case .openBrace, .openBracket:
        let isObject = peek() == .openBrace
        index += 1
        guard depth < 64 else { throw Declined() }
        containers = containers << 1 | (isObject ? 1 : 0)
        depth += 1
        if consume(isObject ? .closeBrace : .closeBracket) {
          containers >>= 1
          depth -= 1
        } else {
          if isObject { try skipKey() }
          continue
        }
      case .quote: try skipString()
      case UInt8(ascii: "t"): try skipLiteral("true")
      case UInt8(ascii: "f"): try skipLiteral("false")
      case UInt8(ascii: "n"): try skipLiteral("null")
      case .minus, .zero...UInt8(ascii: "9"): try skipNumber()
      default: throw Declined()
      }
      // After a value: close containers until one has a next member.
      while depth > 0 {
        let isObject = containers & 1 == 1
        if consume(.comma) {
          if isObject { try skipKey() }
          break
        }
        try expect(isObject ? .closeBrace : .closeBracket)
        containers >>= 1
        depth -= 1
      }
      if depth == 0 { return }
    }
  }

  /// A member's key and colon.
  private mutating func skipKey() throws(Declined) {
    skipWhitespace()
    guard peek() == .quote else { throw Declined() }
    try skipString()
    try expect(.colon)
  }

  private mutating func skipLiteral(_ literal: StaticString) throws(Declined) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= end, memcmp(base + index, literal.utf8Start, count) == 0 else { throw Declined() }
    index += count
  }
}
