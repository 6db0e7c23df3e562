import Foundation

/// The fast path's reading of a product straight into the app's model: what
/// `ProductDTO.read(from:)` then `model()` give, without the DTO in between.
///
/// It accepts and declines exactly what `ProductDTO.read(from:)` does (the same keys, the same
/// duplicates, the same types and `null`s), so a page reads the same way whichever of the two
/// reads it. What the model leaves out (a reviewer's e-mail address, the metadata) is checked
/// as strictly but never made into strings; addresses are kept as text, as the model keeps them.
extension Product {
  static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> Product {
    // A loop rather than `readObject`'s closure: a product a closure captured is copied when
    // returned (every field retained, then the original released), 9% of the reading.
    var product = Product(id: 0, title: "", price: 0)
    var seen: UInt32 = 0
    if try reader.openObject() {
      repeat {
        guard let field = ProductDTO.Field(try reader.memberKey()) else {
          try reader.skipValue()
          continue
        }
        guard seen & field.bit == 0 else { throw JSONReader.Declined() }
        seen |= field.bit
        try product.read(field, from: &reader)
      } while try reader.nextMember()
    }
    let required = ProductDTO.Field.id.bit | ProductDTO.Field.title.bit | ProductDTO.Field.price.bit
    guard seen & required == required else { throw JSONReader.Declined() }
    return product
  }

  /// The value of `field`, the cursor at it.
  @inline(__always)
  private mutating func read(_ field: ProductDTO.Field, from reader: inout JSONReader) throws(JSONReader.Declined) {
    switch field {
    case .id: id = try reader.readInt()
    case .title: title = try reader.readString()
    case .description: description = try reader.readOptionalString() ?? ""
    case .category: category = try reader.readOptionalString() ?? ""
    case .price: price = try reader.readDouble()
    case .discountPercentage: discountPercentage = try reader.readOptionalDouble()
    case .rating: rating = try reader.readOptionalDouble()
    case .stock: stock = try reader.readOptionalInt()
    case .tags: tags = try reader.optionalStrings() ?? []
    case .brand: brand = try reader.readOptionalString()
    case .sku: sku = try reader.readOptionalString()
    case .weight: weight = try reader.readOptionalDouble()
    case .dimensions:
      dimensions = reader.consumeNull() ? nil : Dimensions(try ProductDTO.Dimensions.read(from: &reader))
    case .warrantyInformation: warrantyInformation = try reader.readOptionalString()
    case .shippingInformation: shippingInformation = try reader.readOptionalString()
    case .availabilityStatus: availabilityStatus = try reader.readOptionalString()
    case .reviews: reviews = try Review.readList(from: &reader)
    case .returnPolicy: returnPolicy = try reader.readOptionalString()
    case .minimumOrderQuantity: minimumOrderQuantity = try reader.readOptionalInt()
    case .meta: if !reader.consumeNull() { try ProductDTO.Meta.skip(from: &reader) }
    case .images: imageAddresses = try reader.optionalStrings() ?? []
    case .thumbnail: thumbnailAddress = try reader.readOptionalString()
    }
  }
}

extension Product.Dimensions {
  fileprivate init(_ dimensions: ProductDTO.Dimensions) {
    self.init(width: dimensions.width, height: dimensions.height, depth: dimensions.depth)
  }
}

extension Product.Review {
  /// The reviews, none for `null`.
  fileprivate static func readList(from reader: inout JSONReader) throws(JSONReader.Declined) -> [Self] {
    var reviews: [Self] = []
    if reader.consumeNull() { return reviews }
    guard try reader.openArray() else { return reviews }
    reviews.reserveCapacity(JSONReader.elementsExpected)
    repeat { reviews.append(try read(from: &reader)) } while try reader.nextElement()
    return reviews
  }

  /// A review as `ProductDTO.Review.read(from:)` reads it, straight into the model, its e-mail
  /// address checked and left.
  private static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> Self {
    let review = try ProductDTO.Review.readFields(from: &reader) { reader throws(JSONReader.Declined) in
      try reader.skipOptionalString()
    }
    return Self(rating: review.rating, comment: review.comment, date: review.date, reviewerName: review.reviewerName)
  }
}

extension ProductDTO.Meta {
  /// Checks the metadata as `read(from:)` reads it, and keeps none of it: the model has none.
  static func skip(from reader: inout JSONReader) throws(JSONReader.Declined) {
    var seen: UInt8 = 0
    try reader.readObject { reader, key throws(JSONReader.Declined) in
      let bit: UInt8
      if key.is("createdAt") {
        bit = 1
      } else if key.is("updatedAt") {
        bit = 2
      } else if key.is("barcode") {
        bit = 4
      } else if key.is("qrCode") {
        bit = 8
      } else {
        return try reader.skipValue()
      }
      guard seen & bit == 0 else { throw JSONReader.Declined() }
      seen |= bit
      try reader.skipOptionalString()
    }
  }
}
