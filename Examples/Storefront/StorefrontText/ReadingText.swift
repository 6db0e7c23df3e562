import Foundation

/// Text as a person reads it, for ordering and matching: case, accents and width ignored
/// (`Éclat`, `eclat` and `ECLAT` read alike), and numbers ordered by value (`Item 9` before
/// `Item 10`).
///
/// Storefront's client and its embedded backend both order and match with it, so a list the
/// client sorts agrees with a page the backend sorted.
///
/// Folding goes through Foundation, which is slow per call; callers fold each product once
/// per sort or search, never per comparison. ASCII text, most of a generated catalog, is only
/// lowercased.
public enum ReadingText {
  /// `text` lowercased, without accents, in its narrow forms.
  public static func folded(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// A key whose code-unit order is reading order: `text` folded, each run of digits preceded
  /// by its length (leading zeros dropped), so a shorter number sorts first. The length is a
  /// digit itself, so numbers still sort before letters.
  public static func sortKey(_ text: String) -> [UInt16] {
    var key: [UInt16] = []
    var digits: [UInt16] = []
    func endNumber() {
      let significant = digits.drop { $0 == zero }
      let number = significant.isEmpty ? [zero] : Array(significant)
      key.append(zero + UInt16(min(number.count, 9)))
      if number.count >= 9 { key.append(UInt16(min(number.count, Int(UInt16.max)))) }
      key += number
      digits.removeAll(keepingCapacity: true)
    }
    for unit in folded(text).utf16 {
      if (zero...zero + 9).contains(unit) {
        digits.append(unit)
        continue
      }
      if !digits.isEmpty { endNumber() }
      key.append(unit)
    }
    if !digits.isEmpty { endNumber() }
    return key
  }

  private static let zero = UInt16(UInt8(ascii: "0"))
}
