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
    var reviewerEmail: String?
    let review = try readFields(from: &reader) { reader throws(JSONReader.Declined) in
      reviewerEmail = try reader.readOptionalString()
    }
    return Self(
      rating: review.rating, comment: review.comment, date: review.date, reviewerName: review.reviewerName,
      reviewerEmail: reviewerEmail)
  }

  /// A review's fields, `email` called at the e-mail address's value (a string or `null`) if
  /// there is one: the DTO keeps it, the model checks it and leaves it. Declines a duplicate
  /// key and a missing field, as `JSONDecoder` fails on each.
  @inline(__always)
  static func readFields(
    from reader: inout JSONReader, email: (inout JSONReader) throws(JSONReader.Declined) -> Void
  ) throws(JSONReader.Declined) -> (rating: Int, comment: String, date: String, reviewerName: String) {
    var rating: Int?
    var comment: String?
    var date: String?
    var reviewerName: String?
    var hasEmail = false
    if try reader.openObject() {
      repeat {
        let key = try reader.memberKey()
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
          guard !hasEmail else { throw JSONReader.Declined() }
          hasEmail = true
          try email(&reader)
        } else {
          try reader.skipValue()
        }
      } while try reader.nextMember()
    }
    guard let rating, let comment, let date, let reviewerName else { throw JSONReader.Declined() }
    return (rating, comment, date, reviewerName)
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
