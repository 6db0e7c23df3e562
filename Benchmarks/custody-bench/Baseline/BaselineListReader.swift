// The product page reader as Storefront had it before it read pages straight into models: kept
// unchanged but for its names, so `decode` can time today's pipeline against it in one run.

import Foundation

/// Reads a page of products straight from its bytes, the `products` array in parts that can
/// be read at once on several cores. It reads what `ProductListDTO`'s `Decodable` reads, or
/// declines (see ``BaselineJSONReader``).
///
/// The parts are found without reading the body first: each cut is guessed near an even
/// share of the body, at a comma between `}` and `{"<first product's first key>"`. A guess
/// can be wrong (a nested array of objects with that key), but never unnoticed: the part
/// before a cut starts at an element boundary and must end, after a whole element, exactly at
/// the cut; otherwise it declines. So every part that reads to its end proves the next one
/// starts at an element boundary, and the parts together read what one reader would.
enum BaselineListReader {
  /// The envelope around the products: `total`, `skip`, `limit`, and whether each was given.
  struct Envelope: Sendable {
    var total: Int?
    var skip: Int??
    var limit: Int??
    var sawProducts = false

    /// Reads the value of `key`; declines a duplicate. Returns `false` for `products`, whose
    /// value the caller reads.
    mutating func readMember(
      _ key: BaselineJSONKey, from reader: inout BaselineJSONReader
    ) throws(BaselineJSONReader.Declined) -> Bool {
      if key.is("products") {
        guard !sawProducts else { throw BaselineJSONReader.Declined() }
        sawProducts = true
        return false
      } else if key.is("total") {
        guard total == nil else { throw BaselineJSONReader.Declined() }
        total = try reader.readInt()
      } else if key.is("skip") {
        guard skip == nil else { throw BaselineJSONReader.Declined() }
        skip = .some(try reader.readOptionalInt())
      } else if key.is("limit") {
        guard limit == nil else { throw BaselineJSONReader.Declined() }
        limit = .some(try reader.readOptionalInt())
      } else {
        try reader.skipValue()
      }
      return true
    }

    /// This envelope with the members `other` read; declines a member both read.
    func merged(with other: Envelope) throws(BaselineJSONReader.Declined) -> Envelope {
      guard total == nil || other.total == nil, skip == nil || other.skip == nil, limit == nil || other.limit == nil
      else { throw BaselineJSONReader.Declined() }
      return Envelope(total: total ?? other.total, skip: skip ?? other.skip, limit: limit ?? other.limit)
    }
  }

  /// Where the products are: the envelope read before them, and the byte after their `[`.
  struct Head {
    var envelope: Envelope
    var elementsStart: Int
  }

  /// One part of the products array, and the envelope read after the array when it is the last.
  struct Part<Item: Sendable>: Sendable {
    var items: [Item]
    var envelope = Envelope()
  }

  /// Reads the envelope up to the products array.
  static func readHead(_ base: UnsafePointer<UInt8>, count: Int) throws(BaselineJSONReader.Declined) -> Head {
    var reader = BaselineJSONReader(base, from: 0, to: count)
    var envelope = Envelope()
    try reader.expect(.openBrace)
    repeat {
      let key = try reader.readKey()
      try reader.expect(.colon)
      if try !envelope.readMember(key, from: &reader) {
        try reader.expect(.openBracket)
        return Head(envelope: envelope, elementsStart: reader.index)
      }
    } while reader.consume(.comma)
    throw BaselineJSONReader.Declined()  // no products: `JSONDecoder` names the missing key
  }

  /// Up to `parts - 1` cuts between `start` and `count`, each the offset of a comma that
  /// probably separates two products; fewer when the body offers fewer.
  static func cuts(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, parts: Int) -> [Int] {
    guard parts > 1, let key = firstKey(base, from: start, count: count) else { return [] }
    var cuts: [Int] = []
    var searchFrom = start
    for part in 1..<parts {
      let target = max(searchFrom, start + (count - start) / parts * part)
      guard let cut = cut(base, near: target, count: count, key: key) else { break }
      cuts.append(cut)
      searchFrom = cut + 1
    }
    return cuts
  }

  /// Reads the products of one part, from `start` (just after `[` or a cut) to `cut` (a cut,
  /// or `nil` for the last part, which also reads the rest of the body).
  static func readPart<Item: Sendable>(
    _ base: UnsafePointer<UInt8>, from start: Int, to cut: Int?, count: Int, isFirst: Bool,
    _ transform: (BaselineProductDTO) -> Item
  ) throws(BaselineJSONReader.Declined) -> Part<Item> {
    var reader = BaselineJSONReader(base, from: start, to: cut ?? count)
    var part = Part<Item>(items: [])
    part.items.reserveCapacity((reader.end - start) / 1_024)
    if isFirst && cut == nil && reader.consume(.closeBracket) { return try readTail(&reader, into: part) }
    while true {
      part.items.append(transform(try BaselineProductDTO.read(from: &reader)))
      if reader.consume(.comma) { continue }
      if let cut {
        // Past a whole element, at the cut: it was a boundary.
        guard reader.index == cut else { throw BaselineJSONReader.Declined() }
        return part
      }
      try reader.expect(.closeBracket)
      return try readTail(&reader, into: part)
    }
  }

  /// The members after the products array, and nothing but whitespace after the object.
  private static func readTail<Item: Sendable>(
    _ reader: inout BaselineJSONReader, into part: Part<Item>
  ) throws(BaselineJSONReader.Declined) -> Part<Item> {
    var part = part
    part.envelope.sawProducts = true
    while reader.consume(.comma) {
      let key = try reader.readKey()
      try reader.expect(.colon)
      guard try part.envelope.readMember(key, from: &reader) else { throw BaselineJSONReader.Declined() }
    }
    try reader.expect(.closeBrace)
    reader.skipWhitespace()
    guard reader.index == reader.end else { throw BaselineJSONReader.Declined() }
    return part
  }

  /// The bytes of the first element's first key, if the array starts with an object.
  private static func firstKey(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> BaselineJSONKey? {
    var reader = BaselineJSONReader(base, from: start, to: count)
    guard reader.consume(.openBrace) else { return nil }
    return try? reader.readKey()
  }

  /// The first comma at or after `target` with `}` before it and `{"key"` after it, across
  /// whitespace.
  private static func cut(_ base: UnsafePointer<UInt8>, near target: Int, count: Int, key: BaselineJSONKey) -> Int? {
    var index = target
    while index < count {
      guard let found = memchr(base + index, Int32(UInt8.comma), count - index) else { return nil }
      let comma = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      index = comma + 1
      var before = comma - 1
      while before > target, isWhitespace(base[before]) { before -= 1 }
      guard before >= target, base[before] == .closeBrace else { continue }
      var after = BaselineJSONReader(base, from: comma + 1, to: count)
      guard after.consume(.openBrace), let next = try? after.readKey() else { continue }
      if next.count == key.count && memcmp(next.start, key.start, key.count) == 0 { return comma }
    }
    return nil
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == .space || byte == .lineFeed || byte == .carriageReturn || byte == .tab
  }
}
