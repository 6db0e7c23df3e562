/// A finding's identity that survives line moves: a stable hash (64-bit FNV-1a, the same in
/// every process, unlike `Hasher`) of its rule, its enclosing declaration and its line's text
/// with whitespace collapsed. Line and column numbers are left out on purpose.
enum Fingerprint {
  static func of(rule: RuleID, context: String, lineText: String) -> String {
    let words = lineText.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(rule.rawValue)|\(context)|\(words)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
