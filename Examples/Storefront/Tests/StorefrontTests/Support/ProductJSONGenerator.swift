import Foundation

/// Writes product pages as JSON text with the variety a server may send: fields in any order,
/// optional fields absent or `null`, keys the app does not know (nested arrays of objects among
/// them), whitespace anywhere, strings with escapes, brackets and non-ASCII text, numbers in
/// every strict JSON form. Seeded, so a failing seed can be replayed.
///
/// Everything it writes is strict JSON without duplicate keys, whose numbers fit their fields.
struct ProductJSONGenerator {
  private var state: UInt64
  /// Whether values of unknown keys may be arrays of objects keyed `"id"`, as products are.
  private let mimicsProducts: Bool

  init(seed: UInt64, mimicsProducts: Bool = true) {
    state = seed
    self.mimicsProducts = mimicsProducts
  }

  /// A page of `count` products (the envelope's members before or after them), and the
  /// offsets of the commas between the products.
  mutating func page(count: Int) -> (body: Data, separators: [Int]) {
    var members = [("total", "\(count + int(in: 0...50))")]
    if chance(70) { members.append(("skip", pick(["0", "null", "\(int(in: 0...1_000))"]))) }
    if chance(70) { members.append(("limit", pick(["null", "\(count)"]))) }
    if chance(30) { members.append(("note", unknownValue(depth: 0))) }
    members.shuffle(using: &self)
    let before = int(in: 0...members.count)
    var text = "{" + space()
    for (key, value) in members[..<before] { text += "\"\(key)\"" + space() + ":" + space() + value + space() + "," }
    text += space() + "\"products\"" + space() + ":" + space() + "["
    var separators: [Int] = []
    for id in 0..<count {
      if id > 0 {
        separators.append(text.utf8.count)
        text += "," + space()
      }
      text += product(id: id + 1)
    }
    text += "]"
    for (key, value) in members[before...] { text += space() + "," + space() + "\"\(key)\":" + value }
    return (Data((text + space() + "}" + space()).utf8), separators)
  }

  /// One product, starting with `"id"` as the service writes it.
  mutating func product(id: Int) -> String {
    var fields = [("title", string()), ("price", double())]
    let optional = [
      "description", "category", "discountPercentage", "rating", "stock", "tags", "brand", "sku", "weight",
      "dimensions", "warrantyInformation", "shippingInformation", "availabilityStatus", "reviews", "returnPolicy",
      "minimumOrderQuantity", "meta", "images", "thumbnail", "related",
    ]
    for key in optional where chance(80) { fields.append((key, chance(10) ? "null" : value(of: key))) }
    return object([("id", "\(id)")] + fields.shuffled(using: &self))
  }

  private mutating func value(of key: String) -> String {
    switch key {
    case "discountPercentage", "rating", "weight": double()
    case "stock", "minimumOrderQuantity": integer()
    case "tags", "images": strings()
    case "dimensions": object([("width", double()), ("height", double()), ("depth", double())].shuffled(using: &self))
    case "reviews": reviews()
    case "meta": meta()
    case "related": unknownValue(depth: 0)
    default: string()
    }
  }

  private mutating func meta() -> String {
    var fields: [(String, String)] = []
    for key in ["createdAt", "updatedAt", "barcode", "qrCode"] where chance(70) {
      fields.append((key, chance(10) ? "null" : string()))
    }
    return object(fields)
  }

  private mutating func reviews() -> String {
    array(
      (0..<int(in: 0...3)).map { _ in
        var fields = [("rating", integer()), ("comment", string()), ("date", string()), ("reviewerName", string())]
        if chance(70) { fields.append(("reviewerEmail", chance(20) ? "null" : string())) }
        return object(fields.shuffled(using: &self))
      })
  }

  private mutating func strings() -> String { array((0..<int(in: 0...4)).map { _ in string() }) }

  /// A value of a key the app does not read; arrays of objects keyed `"id"` look like products.
  private mutating func unknownValue(depth: Int) -> String {
    switch int(in: depth > 2 ? 0...3 : 0...6) {
    case 0: return string()
    case 1: return double()
    case 2: return pick(["true", "false", "null"])
    case 3: return integer()
    case 4: return array((0..<int(in: 0...3)).map { _ in unknownValue(depth: depth + 1) })
    case 5 where mimicsProducts:
      return array((0..<int(in: 1...3)).map { _ in object([("id", integer()), ("x", string())]) })
    case 5: return "[]"
    default: return object((0..<int(in: 0...3)).map { ("k\($0)", unknownValue(depth: depth + 1)) })
    }
  }

  /// A string literal built of pieces that trip naive scanners.
  mutating func string() -> String {
    let pieces = [
      "plain", "Summer Muse", #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\t"#, #"\b\f\r"#, #"\u00e9"#, #"\u00E9"#,
      #"\ud83d\ude00"#, #"\u0000"#, "é", "😀", "日本", "e\u{301}", "},{", #"},{\"id\":1"#, "[", "]", "{", "}", ",",
      ":", " ", "\\\\\\\"", "http://storefront.embedded/a/1.webp",
    ]
    return "\"" + (0..<int(in: 0...5)).map { _ in pick(pieces) }.joined() + "\""
  }

  /// A number for a `Double` field, in one of JSON's forms, within `Double`'s normal range.
  mutating func double() -> String {
    switch int(in: 0...7) {
    case 0: return "\(int(in: -1_000...100_000))"
    case 1: return pick(["0", "-0", "0.0", "-0.0", "1e0", "0.5", "1E+2", "2e-2", "1.5E3"])
    case 2: return "\(int(in: 0...99_999)).\(int(in: 0...99))"
    case 3: return "\(Double(bitPattern: UInt64(int(in: 0x0010_0000_0000_0000...0x7FEF_FFFF_FFFF_FFFF))))"
    case 4: return pick(["123456789012345678901234567890", "0.1000000000000000055511151231257827", "9007199254740993"])
    case 5: return "\(unit() * 1_000)"
    case 6: return "-\(int(in: 1...9)).\(int(in: 0...999_999))e\(int(in: -300...300))"
    default: return "\(int(in: 1...9))e\(int(in: -22...22))"
    }
  }

  /// An integer literal that fits `Int`.
  mutating func integer() -> String {
    pick(["0", "-0", "\(int(in: -100...100))", "\(int(in: 0...5))", "9223372036854775807", "-9223372036854775807"])
  }

  private mutating func object(_ members: [(key: String, value: String)]) -> String {
    var text = "{" + space()
    for (index, member) in members.enumerated() {
      if index > 0 { text += space() + "," + space() }
      text += "\"\(member.key)\"" + space() + ":" + space() + member.value
    }
    return text + space() + "}"
  }

  private mutating func array(_ elements: [String]) -> String {
    "[" + space() + elements.joined(separator: space() + "," + space()) + space() + "]"
  }

  private mutating func space() -> String { chance(80) ? "" : pick([" ", "\n  ", "\t", "\r\n", "  "]) }

  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[int(in: 0...(elements.count - 1))] }

  private mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}

extension ProductJSONGenerator: RandomNumberGenerator {
  /// SplitMix64: the same sequence on every platform.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
