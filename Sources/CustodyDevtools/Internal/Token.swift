/// Random tokens, from the system's secure generator.
enum Token {
  /// `bytes` random bytes as lower-case hexadecimal.
  static func make(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<bytes).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
    }.joined()
  }
}
