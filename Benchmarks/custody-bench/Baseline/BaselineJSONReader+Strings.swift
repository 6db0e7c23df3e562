// The product page reader as Storefront had it before it read pages straight into models: kept
// unchanged but for its names, so `decode` can time today's pipeline against it in one run.

extension BaselineJSONReader {
  /// A string value: declines `null`, a control character, a bad escape, a lone surrogate and
  /// invalid UTF-8, as `JSONDecoder` fails on each.
  mutating func readString() throws(Declined) -> String {
    try expect(.quote)
    let start = index
    var seen: UInt8 = 0
    while index < end {
      let byte = base[index]
      if byte == .quote {
        let bytes = UnsafeBufferPointer(start: base + start, count: index - start)
        index += 1
        return try Self.string(bytes, isASCII: seen < 0x80)
      }
      if byte == .backslash { return try readEscapedString(from: start) }
      if byte < 0x20 { throw Declined() }
      seen |= byte
      index += 1
    }
    throw Declined()
  }

  /// A string value, `nil` for `null`.
  mutating func readOptionalString() throws(Declined) -> String? {
    consumeNull() ? nil : try readString()
  }

  /// Skips a string as strictly as ``readString()`` reads one.
  mutating func skipString() throws(Declined) {
    _ = try readString()
  }

  /// The rest of a string that has an escape at the cursor; `start` is its first byte.
  private mutating func readEscapedString(from start: Int) throws(Declined) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
    while index < end {
      let byte = base[index]
      index += 1
      switch byte {
      case .quote:
        // The closure returns nil rather than throwing: a typed error through
        // `withUnsafeBufferPointer` needs the Swift 6 standard library's signature of it.
        let string = scratch.withUnsafeBufferPointer { bytes in try? Self.string(bytes) }
        guard let string else { throw Declined() }
        return string
      case .backslash: try readEscape()
      case ..<0x20: throw Declined()
      default: scratch.append(byte)
      }
    }
    throw Declined()
  }

  /// One escape, the backslash already read, appended to `scratch` as UTF-8.
  private mutating func readEscape() throws(Declined) {
    let byte = peek()
    index += 1
    switch byte {
    case .quote, .backslash, UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(.lineFeed)
    case UInt8(ascii: "r"): scratch.append(.carriageReturn)
    case UInt8(ascii: "t"): scratch.append(.tab)
    case UInt8(ascii: "u"):
      var value = try readHex4()
      if (0xD800..<0xDC00).contains(value) {
        guard peek() == .backslash else { throw Declined() }
        index += 1
        guard peek() == UInt8(ascii: "u") else { throw Declined() }
        index += 1
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw Declined() }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else { throw Declined() }
      scratch.append(contentsOf: UTF8.encode(scalar)!)
    default: throw Declined()
    }
  }

  private mutating func readHex4() throws(Declined) -> UInt32 {
    guard index + 4 <= end else { throw Declined() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw Declined()
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// `bytes` as a string, declining invalid UTF-8 (which `String(decoding:)` would repair).
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool = false) throws(Declined) -> String {
    let string = String(decoding: bytes, as: UTF8.self)
    // A repaired string differs from its bytes: the replacement character stands where invalid
    // bytes were.
    guard isASCII || string.utf8.elementsEqual(bytes) else { throw Declined() }
    return string
  }
}
