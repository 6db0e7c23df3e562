/// How the public service reads numbers in a query: `Number(text)` to decide whether a value
/// is a number at all, then `parseInt(text, 10)` for the value it uses.
///
/// The two disagree on purpose-looking inputs, and clients see the result: `limit=1e3` passes
/// the check and reads as 1, `limit=2.7` reads as 2, and an empty `limit=` passes the check
/// and reads as "not a number", which the list routes answer with an empty page.
enum JavaScriptNumber {
  /// Whether `Number(text)` is a number: empty or blank text (0), decimal text with an
  /// optional sign, fraction and exponent, `Infinity`, or `0x`/`0o`/`0b` integers.
  static func isNumber(_ text: String) -> Bool {
    let trimmed = text.trimmingJavaScriptWhitespace()
    guard !trimmed.isEmpty else { return true }
    let unsigned = trimmed.first == "+" || trimmed.first == "-" ? trimmed.dropFirst() : trimmed[...]
    if unsigned == "Infinity" { return true }
    if unsigned.count == trimmed.count, unsigned.count > 2, unsigned.first == "0",
      let radix = ["x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2][unsigned.dropFirst().first!]
    {
      return unsigned.dropFirst(2).allSatisfy { Int(String($0), radix: radix) != nil }
    }
    return isDecimal(unsigned)
  }

  /// `parseInt(text, 10)`: the integer at the start of `text` after any whitespace and sign,
  /// or `nil` (NaN) when there are no digits there. Values beyond `Int` are clamped.
  static func parseInt(_ text: String) -> Int? {
    var rest = Substring(text.trimmingJavaScriptWhitespace())
    var negative = false
    if let sign = rest.first, sign == "+" || sign == "-" {
      negative = sign == "-"
      rest = rest.dropFirst()
    }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    guard let value = Int(digits) else { return negative ? Int.min : Int.max }
    return negative ? -value : value
  }

  private static func isDecimal(_ text: Substring) -> Bool {
    var rest = text
    let whole = rest.prefix { $0.isASCII && $0.isNumber }
    rest = rest.dropFirst(whole.count)
    var fraction = Substring()
    if rest.first == "." {
      rest = rest.dropFirst()
      fraction = rest.prefix { $0.isASCII && $0.isNumber }
      rest = rest.dropFirst(fraction.count)
    }
    guard !whole.isEmpty || !fraction.isEmpty else { return false }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
      let exponent = rest.prefix { $0.isASCII && $0.isNumber }
      guard !exponent.isEmpty else { return false }
      rest = rest.dropFirst(exponent.count)
    }
    return rest.isEmpty
  }
}

extension String {
  fileprivate func trimmingJavaScriptWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
    guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[start...end])
  }
}
