// The product page reader as Storefront had it before it read pages straight into models: kept
// unchanged but for its names, so `decode` can time today's pipeline against it in one run.

extension BaselineJSONReader {
  /// An integer written as digits, with an optional minus. Declines a fraction or an exponent
  /// (`JSONDecoder` reads `1.0` and `1e2` as integers; this reader leaves them to it), a leading
  /// zero, and a value that does not fit.
  mutating func readInt() throws(Declined) -> Int {
    skipWhitespace()
    let negative = peek() == .minus
    if negative { index += 1 }
    let first = index
    var value = 0
    while let digit = digit() {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(Int(digit))
      guard !overflow && !carry else { throw Declined() }
      value = sum
      index += 1
    }
    guard index > first, base[first] != .zero || index == first + 1 else { throw Declined() }
    switch peek() {
    case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Declined()
    default: return negative ? -value : value
    }
  }

  /// An integer, `nil` for `null`.
  mutating func readOptionalInt() throws(Declined) -> Int? {
    consumeNull() ? nil : try readInt()
  }

  /// A number, rounded to the nearest `Double` as `JSONDecoder` rounds it. Declines a value
  /// beyond `Double`'s range or below its normal range, which `JSONDecoder` may refuse.
  mutating func readDouble() throws(Declined) -> Double {
    skipWhitespace()
    let start = index
    let negative = peek() == .minus
    if negative { index += 1 }
    // Clinger's fast path: a significand below 2^53 and a power of ten up to 22 are both exact
    // doubles, so one multiplication or division rounds correctly.
    var significand: UInt64 = 0
    var digits = 0
    var exponent = 0
    let integerStart = index
    while let digit = digit() {
      significand = significand &* 10 &+ UInt64(digit)
      digits += 1
      index += 1
    }
    guard index > integerStart, base[integerStart] != .zero || index == integerStart + 1 else { throw Declined() }
    if peek() == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while let digit = digit() {
        significand = significand &* 10 &+ UInt64(digit)
        digits += 1
        exponent -= 1
        index += 1
      }
      guard index > fractionStart else { throw Declined() }
    }
    if peek() | 0x20 == UInt8(ascii: "e") {
      index += 1
      let exponentNegative = peek() == .minus
      if exponentNegative || peek() == .plus { index += 1 }
      let exponentStart = index
      var written = 0
      while let digit = digit() {
        written = min(written * 10 + Int(digit), 100_000)
        index += 1
      }
      guard index > exponentStart else { throw Declined() }
      exponent += exponentNegative ? -written : written
    }
    if digits <= 19, significand <= 1 << 53, (-22...22).contains(exponent) {
      let magnitude = Double(significand)
      let value = exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
      return negative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite, value.magnitude >= .leastNormalMagnitude else { throw Declined() }
    return value
  }

  /// A number, `nil` for `null`.
  mutating func readOptionalDouble() throws(Declined) -> Double? {
    consumeNull() ? nil : try readDouble()
  }

  /// Skips a number as strictly as ``readDouble()`` reads one.
  mutating func skipNumber() throws(Declined) {
    _ = try readDouble()
  }

  @inline(__always) private func digit() -> UInt8? {
    let digit = peek() &- .zero
    return digit < 10 ? digit : nil
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }
}
