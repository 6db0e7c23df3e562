/// Appends JSON text to a byte buffer.
///
/// The catalog encodes hundreds of thousands of products; writing bytes directly is many
/// times faster than `JSONEncoder` and keeps the output byte-for-byte stable.
struct JSONWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func raw(_ other: some Collection<UInt8>) { bytes.append(contentsOf: other) }

  /// Writes `"name":`, preceded by a comma unless `first`.
  mutating func key(_ name: String, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    string(name)
    bytes.append(UInt8(ascii: ":"))
  }

  mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

  /// `null` for `nil`, as JavaScript writes `NaN`.
  mutating func optionalInt(_ value: Int?) {
    guard let value else { return raw("null") }
    int(value)
  }

  /// Writes a finite number as JavaScript does: whole numbers without a fraction (`123`, not
  /// `123.0`), others in their shortest exact form; a non-finite one becomes `null`.
  mutating func double(_ value: Double) {
    guard value.isFinite else { return raw("null") }
    if value == value.rounded(), abs(value) < 1e15 {
      int(Int(value))
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = value
    text.withUTF8 { utf8 in
      if !utf8.contains(where: Self.needsEscape) {
        bytes.append(contentsOf: utf8)
        return
      }
      for byte in utf8 { appendEscaped(byte) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func strings(_ values: [String]) {
    bytes.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      string(value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case UInt8(ascii: "\n"): raw("\\n")
    case UInt8(ascii: "\r"): raw("\\r")
    case UInt8(ascii: "\t"): raw("\\t")
    case ..<0x20:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      raw("\\u00")
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0x0F)])
    default: bytes.append(byte)
    }
  }
}

extension JSONWriter {
  /// Writes a value from a request body back out, object keys in sorted order.
  mutating func value(_ value: JSONValue) {
    switch value {
    case .null: raw("null")
    case .bool(let flag): flag ? raw("true") : raw("false")
    case .number(let number): double(number)
    case .string(let text): string(text)
    case .array(let items):
      raw("[")
      for (index, item) in items.enumerated() {
        if index > 0 { raw(",") }
        self.value(item)
      }
      raw("]")
    case .object(let fields):
      raw("{")
      for (index, (name, item)) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
        key(name, first: index == 0)
        self.value(item)
      }
      raw("}")
    }
  }
}
