/// The fast path's reading of a product's reviews and metadata; see `ProductDTO.read(from:)`.
extension ProductDTO.Review {
  /// `[Review]`, `nil` for `null`.
  static func readList(from reader: inout JSONReader) throws(JSONReader.Declined) -> [Self]? {
    if reader.consumeNull() { return nil }
    var reviews: [Self] = []
    try reader.readArray { reader throws(JSONReader.Declined) in reviews.append(try read(from: &reader)) }
    return reviews
  }

  static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> Self {
    try read(from: &reader, keepingEmail: true)
  }

  /// A review; its e-mail address is checked either way, and kept only when `keepingEmail`
  /// (the model has none, and a skipped string costs no allocation).
  static func read(from reader: inout JSONReader, keepingEmail: Bool) throws(JSONReader.Declined) -> Self {
    var rating: Int?
    var comment: String?
    var date: String?
    var reviewerName: String?
    var reviewerEmail: String??
    try reader.readObject { reader, key throws(JSONReader.Declined) in
      if key.is("rating") {
        guard rating == nil else { throw JSONReader.Declined() }
        rating = try reader.readInt()
      } else if key.is("comment") {
        guard comment == nil else { throw JSONReader.Declined() }
        comment = try reader.readString()
      } else if key.is("date") {
        guard date == nil else { throw JSONReader.Declined() }
        date = try reader.readString()
      } else if key.is("reviewerName") {
        guard reviewerName == nil else { throw JSONReader.Declined() }
        reviewerName = try reader.readString()
      } else if key.is("reviewerEmail") {
        guard reviewerEmail == nil else { throw JSONReader.Declined() }
        if keepingEmail {
          reviewerEmail = .some(try reader.readOptionalString())
        } else {
          try reader.skipOptionalString()
          reviewerEmail = .some(nil)
        }
      } else {
        try reader.skipValue()
      }
    }
    guard let rating, let comment, let date, let reviewerName else { throw JSONReader.Declined() }
    return Self(
      rating: rating, comment: comment, date: date, reviewerName: reviewerName, reviewerEmail: reviewerEmail ?? nil)
  }
}

extension ProductDTO.Meta {
  static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> Self {
    var meta = Self()
    var seen: UInt8 = 0
    try reader.readObject { reader, key throws(JSONReader.Declined) in
      let bit: UInt8
      if key.is("createdAt") {
        bit = 1
        meta.createdAt = try reader.readOptionalString()
      } else if key.is("updatedAt") {
        bit = 2
        meta.updatedAt = try reader.readOptionalString()
      } else if key.is("barcode") {
        bit = 4
        meta.barcode = try reader.readOptionalString()
      } else if key.is("qrCode") {
        bit = 8
        meta.qrCode = try reader.readOptionalString()
      } else {
        return try reader.skipValue()
      }
      guard seen & bit == 0 else { throw JSONReader.Declined() }
      seen |= bit
    }
    return meta
  }
}
