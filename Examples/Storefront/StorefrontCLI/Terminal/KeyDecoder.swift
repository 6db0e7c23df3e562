/// Turns the bytes of a terminal in raw mode into keys.
///
/// A pure state machine: feed it bytes as they arrive, in any split; it keeps an unfinished
/// escape sequence or UTF-8 character for the next call. A lone Esc is told apart from the
/// start of a sequence by ``flush(ifNothingSince:)``, which the reader calls when no byte
/// follows at once.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  /// The bytes of a bracketed paste so far, from its start marker on; `nil` outside a paste.
  private var pasted: [UInt8]?
  private static let pasteStart = Array("\u{1B}[200~".utf8)
  private static let pasteEnd = Array("\u{1B}[201~".utf8)
  /// How many bytes were fed in all: tells a late flush that more came since it was planned.
  public private(set) var received = 0

  public init() {}

  /// The keys that `bytes` complete.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    let count = pending.count
    pending.append(contentsOf: bytes)
    received += pending.count - count
    var keys: [Key] = []
    var start = pending.startIndex
    // What is used is dropped once, at the end: dropping it key by key moves the rest of a
    // paste once for every key in it.
    while start < pending.endIndex {
      if pasted != nil {
        start = takePaste(from: start, into: &keys)
        if pasted != nil { break }  // its end marker has not come yet
        continue
      }
      if pending[start...].starts(with: Self.pasteStart) {
        pasted = []
        start += Self.pasteStart.count
        continue
      }
      guard let (key, length) = Self.key(at: pending[start...]) else { break }
      start += length
      if let key { keys.append(key) }
    }
    pending.removeFirst(start - pending.startIndex)
    return keys
  }

  /// Adds the bytes of a paste from `start` on to ``pasted``, up to its end marker, and the
  /// paste to `keys` once the marker is there; returns where the bytes it did not use begin.
  /// The last bytes are kept back while they may be the start of the marker.
  private mutating func takePaste(from start: Int, into keys: inout [Key]) -> Int {
    let bytes = pending[start...]
    if let end = bytes.firstRange(of: Self.pasteEnd) {
      pasted?.append(contentsOf: bytes[..<end.lowerBound])
      keys.append(.paste(String(decoding: pasted ?? [], as: UTF8.self)))
      pasted = nil
      return end.upperBound
    }
    var kept = min(Self.pasteEnd.count - 1, bytes.count)
    while kept > 0 && !Self.pasteEnd.starts(with: bytes.suffix(kept)) { kept -= 1 }
    pasted?.append(contentsOf: bytes.dropLast(kept))
    return bytes.endIndex - kept
  }

  /// Whether bytes of an unfinished key are waiting. A paste is not one: its end marker, not a
  /// pause, finishes it.
  public var hasPending: Bool { !pending.isEmpty && pasted == nil }

  /// Ends what is pending: a lone Esc is the Escape key; an unfinished sequence is dropped.
  public mutating func flush() -> [Key] {
    guard pasted == nil else { return [] }
    defer { pending.removeAll() }
    return pending.first == 0x1B ? [.escape] : []
  }

  /// Ends what is pending, as ``flush()`` does, unless bytes came after ``received`` was
  /// `count`: then what is pending is the start of a newer key, which its own bytes finish.
  public mutating func flush(ifNothingSince count: Int) -> [Key] {
    received == count ? flush() : []
  }

  /// The key at the start of `bytes` and how many bytes it uses (a `nil` key for bytes to
  /// skip), or `nil` when more bytes are needed.
  static func key(at bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escapeSequence(bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    default: return utf8Character(bytes)
    }
  }

  private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let second = bytes[start + 1]
    guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
      return (.escape, 1)  // Esc then another key (Alt-key): the Esc alone, the key next.
    }
    // CSI: parameters (digits, ';') then one final byte in 0x40...0x7E.
    var index = start + 2
    while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return bytes.count > 16 ? (nil, bytes.count) : nil }
    let final = bytes[index]
    let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
    let length = index - start + 1
    switch (final, parameters) {
    case (UInt8(ascii: "A"), _): return (.up, length)
    case (UInt8(ascii: "B"), _): return (.down, length)
    case (UInt8(ascii: "C"), _): return (.right, length)
    case (UInt8(ascii: "D"), _): return (.left, length)
    case (UInt8(ascii: "H"), _): return (.home, length)
    case (UInt8(ascii: "F"), _): return (.end, length)
    case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
    case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
    case (UInt8(ascii: "~"), "3"): return (.delete, length)
    case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
    case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
    case (UInt8(ascii: "I"), "") where second == UInt8(ascii: "["): return (.focus(true), length)
    case (UInt8(ascii: "O"), "") where second == UInt8(ascii: "["): return (.focus(false), length)
    case (UInt8(ascii: "M"), _) where parameters.hasPrefix("<"): return (wheel(parameters), length)
    case (UInt8(ascii: "m"), _) where parameters.hasPrefix("<"): return (nil, length)  // a button let go
    default: return (nil, length)
    }
  }

  /// The wheel in an SGR mouse report's parameters (`<64;x;y` up, `<65;x;y` down, plus 4, 8 or
  /// 16 for Shift, Alt, Ctrl); `nil` for a button press, which the browser does not use.
  private static func wheel(_ parameters: String) -> Key? {
    guard let button = Int(parameters.dropFirst().prefix { $0 != ";" }) else { return nil }
    switch button & ~(4 | 8 | 16) {
    case 64: return .wheel(up: true)
    case 65: return .wheel(up: false)
    default: return nil
    }
  }

  private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0xC0...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF7: 4
      default: 1
      }
    guard length > 1 else { return (nil, 1) }
    // A lead byte without its continuation bytes is skipped alone: the bytes after it are keys.
    let continuation = bytes.dropFirst().prefix(length - 1)
    guard continuation.allSatisfy({ (0x80...0xBF).contains($0) }) else { return (nil, 1) }
    guard bytes.count >= length else { return nil }
    let text = String(decoding: bytes.prefix(length), as: UTF8.self)
    guard text.unicodeScalars.count == 1, let character = text.first, text != "\u{FFFD}" else { return (nil, 1) }
    return (.character(character), length)
  }
}
