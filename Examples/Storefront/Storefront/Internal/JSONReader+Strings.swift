extension JSONReader {
  /// A string value: declines `null`, a control character, a bad escape, a lone surrogate and
  /// invalid UTF-8, as `JSONDecoder` fails on each.
  mutating func readString() throws(Declined) -> String {
    try expect(.quote)
    let start = index
    let isASCII = try scanToQuoteOrBackslash()
    if base[index] == .backslash { return try readEscapedString(from: start) }
    let bytes = UnsafeBufferPointer(start: base + start, count: index - start)
    index += 1
    return try Self.string(bytes, isASCII: isASCII)
  }

  /// Moves the cursor, inside a string, to its closing quote or its first backslash; declines a
  /// control character and a string that does not end. Returns whether every byte passed was
  /// ASCII.
  ///
  /// Eight bytes at a time: a byte below 0x20, or equal to `"` or `\` (an equal byte is a zero
  /// byte of the XOR), sets the high bit of its byte in `special` (the classic tests). A test
  /// can also mark a byte above one it rightly marked (a borrow runs upward), never one below,
  /// so the lowest bit set is the first such byte, and the cursor goes straight to it.
  @inline(__always) mutating func scanToQuoteOrBackslash() throws(Declined) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var high: UInt64 = 0
    let raw = UnsafeRawPointer(base)
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let control = (word &- ones &* 0x20) & ~word & highs
      let quoted = word ^ (ones &* 0x22)
      let escaped = word ^ (ones &* 0x5C)
      let quote = (quoted &- ones) & ~quoted & highs
      let backslash = (escaped &- ones) & ~escaped & highs
      let special = control | quote | backslash
      if special != 0 {
        let passed = special.trailingZeroBitCount & ~7
        if passed > 0 { high |= word & highs & (UInt64.max >> (64 - passed)) }
        index += passed >> 3
        guard base[index] >= 0x20 else { throw Declined() }
        return high == 0
      }
      high |= word & highs
      index += 8
    }
    var seen: UInt8 = high == 0 ? 0 : 0x80
    while index < end {
      let byte = base[index]
      if byte == .quote || byte == .backslash { return seen < 0x80 }
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

  /// Skips a string as strictly as ``readString()`` reads one, without making it: a value the
  /// app drops (a reviewer's e-mail address, an unknown field) costs no allocation.
  mutating func skipString() throws(Declined) {
    try expect(.quote)
    let start = index
    let isASCII = try scanToQuoteOrBackslash()
    if base[index] == .backslash {
      try readEscapedBytes(from: start)
      guard scratch.withUnsafeBufferPointer(Self.isValidUTF8) else { throw Declined() }
      return
    }
    let bytes = UnsafeBufferPointer(start: base + start, count: index - start)
    index += 1
    guard isASCII || Self.isValidUTF8(bytes) else { throw Declined() }
  }

  /// A string value, or `null`, skipped as ``skipString()`` skips it.
  mutating func skipOptionalString() throws(Declined) {
    if !consumeNull() { try skipString() }
  }

  /// The rest of a string that has an escape at the cursor; `start` is its first byte.
  private mutating func readEscapedString(from start: Int) throws(Declined) -> String {
    try readEscapedBytes(from: start)
    // The closure returns nil rather than throwing: a typed error through
    // `withUnsafeBufferPointer` needs the Swift 6 standard library's signature of it.
    let string = scratch.withUnsafeBufferPointer { bytes in try? Self.string(bytes) }
    guard let string else { throw Declined() }
    return string
  }

  /// The rest of a string that has an escape at the cursor, unescaped into `scratch`, and its
  /// closing quote; `start` is its first byte.
  private mutating func readEscapedBytes(from start: Int) throws(Declined) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
    while index < end {
      let byte = base[index]
      index += 1
      switch byte {
      case .quote: return
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
    // bytes were. (`String(validating:as:)` would do it in one pass; the iOS 17 SDK has none.)
    guard isASCII || string.utf8.elementsEqual(bytes) else { throw Declined() }
    return string
  }

  /// Whether `bytes` are well-formed UTF-8, which `String(decoding:as:)` keeps as they are.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
