/// How many terminal cells text takes: 2 for an East Asian wide character or an emoji, 0 for
/// a combining mark on its own, 1 for the rest.
///
/// Counted per `Character` (a grapheme cluster), so an accent on a letter, a flag made of two
/// regional indicators or a family joined with ZWJ counts once:
///
/// ```swift
/// DisplayWidth.of("Café")     // 4
/// DisplayWidth.of("日本")      // 4
/// DisplayWidth.of("👍🏽 ok")   // 5
/// ```
///
/// The wide ranges are East Asian Width W and F of Unicode 15, outside the emoji blocks, which
/// are told by their presentation instead. Terminals agree on these; they disagree on the
/// ambiguous ones, which count 1 here, as most terminals in Western locales draw them.
public enum DisplayWidth {
  /// The cells `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    // Printable ASCII is one cell per byte: the common case costs one pass.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The cells `character` takes.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // One scalar before the combining marks, or among CJK ideographs and Hangul syllables:
    // no emoji, mark or keycap there, so the width needs no lookup of Unicode properties.
    if scalars.count == 1 {
      if first.value < 0x300 { return 1 }
      if singleWide.contains(where: { $0.contains(first.value) }) { return 2 }
    }
    if isEmoji(character, first: first) { return 2 }
    if scalars.contains(where: { $0.value == 0x20E3 }) { return 2 }  // a keycap, such as 1️⃣
    return width(of: first)
  }

  /// The longest prefix of `text` that takes at most `cells`, and the cells it takes.
  public static func prefix(_ text: some StringProtocol, fitting cells: Int) -> (text: Substring, width: Int) {
    let text = Substring(text)
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {  // printable ASCII: a cell a byte
      let used = min(max(cells, 0), text.utf8.count)
      return (text[..<text.utf8.index(text.startIndex, offsetBy: used)], used)
    }
    var used = 0
    var end = text.startIndex
    while end < text.endIndex {
      let next = used + of(text[end])
      guard next <= cells else { break }
      used = next
      end = text.index(after: end)
    }
    return (text[..<end], used)
  }

  private static func isEmoji(_ character: Character, first: Unicode.Scalar) -> Bool {
    let properties = first.properties
    if properties.isEmojiPresentation { return true }
    // A text-style emoji asked to show as a picture (U+FE0F), or one with a skin tone.
    guard properties.isEmoji, first.value > 0x7F else { return false }
    return character.unicodeScalars.dropFirst().contains {
      $0.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains($0.value)
    }
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul vowels and finals join the syllable
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// Wide ranges whose every scalar is a letter or unassigned: CJK extension A, the unified
  /// ideographs, Hangul syllables.
  private static let singleWide: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]

  /// East Asian Width W and F, outside the emoji blocks; sorted, not overlapping.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul leading consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small forms
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}
