import Foundation

/// A cursor over JSON bytes for the product list's fast path: it reads strict JSON (RFC 8259,
/// UTF-8) into values exactly as `JSONDecoder` reads them, and declines everything else.
///
/// Declining is always safe: the caller then decodes the whole body with `JSONDecoder`, which
/// reads or reports it. So the reader declines whatever `JSONDecoder` might read differently
/// or report: a byte-order mark, an escaped key, a duplicate key, an integer written as `1.0`
/// or `1e2`, a number that does not fit, a lone surrogate, invalid UTF-8, nesting beyond 64.
///
/// It reads through a raw pointer, so it lives only inside `withUnsafeBytes` of the body; it
/// never reads at or past `end` (`peek()` answers 0 there, which no rule accepts).
struct JSONReader {
  /// The reader does not take this input; `JSONDecoder` must read it.
  struct Declined: Error {}

  let base: UnsafePointer<UInt8>
  var index: Int
  /// Where this reader stops: the end of the body, or the end of the part it reads.
  let end: Int
  /// Reused for strings with escapes.
  var scratch: [UInt8] = []

  init(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
    self.base = base
    self.index = start
    self.end = end
  }

  /// The byte at the cursor, or 0 at the end.
  @inline(__always) func peek() -> UInt8 { index < end ? base[index] : 0 }

  @inline(__always) mutating func skipWhitespace() {
    while index < end {
      switch base[index] {
      case .space, .lineFeed, .carriageReturn, .tab: index += 1
      default: return
      }
    }
  }

  /// Consumes `byte` after any whitespace; declines when something else is there.
  @inline(__always) mutating func expect(_ byte: UInt8) throws(Declined) {
    skipWhitespace()
    guard peek() == byte else { throw Declined() }
    index += 1
  }

  /// Consumes `byte` after any whitespace if it is there.
  @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  /// Consumes `null` if it is next: an optional field's "absent".
  @inline(__always) mutating func consumeNull() -> Bool {
    skipWhitespace()
    guard index + 4 <= end, base[index] == UInt8(ascii: "n") else { return false }
    guard base[index + 1] == UInt8(ascii: "u"), base[index + 2] == .l, base[index + 3] == .l else { return false }
    index += 4
    return true
  }

  /// Reads an object, calling `member` with each key while the cursor is at its value;
  /// `member` must read or skip the value.
  @inline(__always) mutating func readObject(
    _ member: (inout JSONReader, JSONKey) throws(Declined) -> Void
  ) throws(Declined) {
    guard try openObject() else { return }
    repeat {
      try member(&self, try memberKey())
    } while try nextMember()
  }

  /// Opens an object: whether it has a member, the cursor then at its key. With
  /// ``memberKey()`` and ``nextMember()``, reads an object as ``readObject(_:)`` does in a
  /// loop of the caller's, which can build a value in a local variable that no closure
  /// captures (returning a captured one copies it).
  @inline(__always) mutating func openObject() throws(Declined) -> Bool {
    try expect(.openBrace)
    return !consume(.closeBrace)
  }

  /// A member's key and its colon; the cursor is then at its value.
  @inline(__always) mutating func memberKey() throws(Declined) -> JSONKey {
    let key = try readKey()
    try expect(.colon)
    return key
  }

  /// After a member's value: whether another member follows, or else the object's end.
  @inline(__always) mutating func nextMember() throws(Declined) -> Bool {
    if consume(.comma) { return true }
    try expect(.closeBrace)
    return false
  }

  /// Reads an array, calling `element` while the cursor is at each element.
  @inline(__always) mutating func readArray(_ element: (inout JSONReader) throws(Declined) -> Void) throws(Declined) {
    guard try openArray() else { return }
    repeat { try element(&self) } while try nextElement()
  }

  /// A key without escapes (`JSONDecoder` unescapes keys; matching raw bytes could differ).
  /// Declines a key that is not ASCII too: keys are compared as bytes, and none of the known
  /// keys has another byte.
  mutating func readKey() throws(Declined) -> JSONKey {
    try expect(.quote)
    let start = index
    guard try scanToQuoteOrBackslash(), base[index] == .quote else { throw Declined() }
    index += 1
    return JSONKey(start: base + start, count: index - 1 - start)
  }

  /// `[String]`, `nil` for `null`.
  mutating func optionalStrings() throws(Declined) -> [String]? {
    if consumeNull() { return nil }
    var strings: [String] = []
    guard try openArray() else { return strings }
    strings.reserveCapacity(Self.elementsExpected)
    repeat { strings.append(try readString()) } while try nextElement()
    return strings
  }

  /// Room for the elements of a product's arrays (tags, images, reviews: one to five), made once
  /// an array has one: grown one append at a time, three take two allocations.
  static var elementsExpected: Int { 4 }

  /// Opens an array: whether it has an element, the cursor then at it. With ``nextElement()``,
  /// reads an array as ``readArray(_:)`` does in a loop of the caller's.
  @inline(__always) mutating func openArray() throws(Declined) -> Bool {
    try expect(.openBracket)
    return !consume(.closeBracket)
  }

  /// After an element: whether another follows, or else the array's end.
  @inline(__always) mutating func nextElement() throws(Declined) -> Bool {
    if consume(.comma) { return true }
    try expect(.closeBracket)
    return false
  }
}

/// The raw bytes of an object's key, valid while the body is.
struct JSONKey {
  let start: UnsafePointer<UInt8>
  let count: Int

  /// Whether the key is exactly `name`.
  @inline(__always) func `is`(_ name: StaticString) -> Bool {
    name.utf8CodeUnitCount == count && memcmp(start, name.utf8Start, count) == 0
  }
}

extension UInt8 {
  static let space = UInt8(ascii: " ")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let zero = UInt8(ascii: "0")
  static let l = UInt8(ascii: "l")
}
