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
    var product = Product(id: 0, title: "", price: 0)
    var seen: UInt32 = 0
    try reader.readObject { reader, key throws(JSONReader.Declined) in
      guard let field = ProductDTO.Field(key) else { return try reader.skipValue() }
      guard seen & field.bit == 0 else { throw JSONReader.Declined() }
      seen |= field.bit
      switch field {
      case .id: product.id = try reader.readInt()
      case .title: product.title = try reader.readString()
      case .description: product.description = try reader.readOptionalString() ?? ""
      case .category: product.category = try reader.readOptionalString() ?? ""
      case .price: product.price = try reader.readDouble()
      case .discountPercentage: product.discountPercentage = try reader.readOptionalDouble()
      case .rating: product.rating = try reader.readOptionalDouble()
      case .stock: product.stock = try reader.readOptionalInt()
      case .tags: product.tags = try reader.optionalStrings() ?? []
      case .brand: product.brand = try reader.readOptionalString()
      case .sku: product.sku = try reader.readOptionalString()
      case .weight: product.weight = try reader.readOptionalDouble()
      case .dimensions:
        product.dimensions = reader.consumeNull() ? nil : Dimensions(try ProductDTO.Dimensions.read(from: &reader))
      case .warrantyInformation: product.warrantyInformation = try reader.readOptionalString()
      case .shippingInformation: product.shippingInformation = try reader.readOptionalString()
      case .availabilityStatus: product.availabilityStatus = try reader.readOptionalString()
      case .reviews: product.reviews = try Review.readList(from: &reader)
      case .returnPolicy: product.returnPolicy = try reader.readOptionalString()
      case .minimumOrderQuantity: product.minimumOrderQuantity = try reader.readOptionalInt()
      case .meta: if !reader.consumeNull() { try ProductDTO.Meta.skip(from: &reader) }
      case .images: product.imageAddresses = try reader.optionalStrings() ?? []
      case .thumbnail: product.thumbnailAddress = try reader.readOptionalString()
      }
    }
    let required = ProductDTO.Field.id.bit | ProductDTO.Field.title.bit | ProductDTO.Field.price.bit
    guard seen & required == required else { throw JSONReader.Declined() }
    return product
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
    try reader.readArray { reader throws(JSONReader.Declined) in reviews.append(try read(from: &reader)) }
    return reviews
  }

  /// A review as `ProductDTO.Review.read(from:)` reads it, its e-mail address checked and left.
  private static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> Self {
    let review = try ProductDTO.Review.read(from: &reader, keepingEmail: false)
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
