/// The `q` of `/products/search`: a case-insensitive substring of a title or a description.
///
/// Generated text is ASCII, so the common case compares bytes without allocating; text with
/// other characters falls back to `lowercased()`, which is slower but handles any script.
struct SearchQuery: Sendable {
  /// Already lower-cased, trimmed, dashes read as spaces.
  let text: String
  private let needle: [UInt8]
  private let isASCII: Bool

  init(_ text: String) {
    self.text = text
    needle = Array(text.utf8)
    isASCII = needle.allSatisfy { $0 < 0x80 }
  }

  func matches(_ product: Product) -> Bool {
    needle.isEmpty || contains(product.title) || contains(product.description)
  }

  private func contains(_ haystack: String) -> Bool {
    var haystack = haystack
    let found = haystack.withUTF8 { bytes -> Bool? in
      guard isASCII, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      guard bytes.count >= needle.count else { return false }
      return (0...(bytes.count - needle.count)).contains { start in
        needle.indices.allSatisfy { offset in Self.lowercased(bytes[start + offset]) == needle[offset] }
      }
    }
    return found ?? haystack.lowercased().contains(text)
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}
