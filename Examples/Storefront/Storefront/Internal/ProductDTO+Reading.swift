/// The fast path's reading of a product: the same fields, the same optionality and the same
/// `null` handling as `ProductDTO`'s synthesized `Decodable`, and a decline wherever that
/// conformance would throw (the entry is then dropped by `JSONDecoder`, with its reason).
///
/// A key this reader does not know is skipped, as `JSONDecoder` skips it; `ReaderFieldTests`
/// checks that the keys known here are exactly the keys `ProductDTO` encodes.
extension ProductDTO {
  static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> ProductDTO {
    var product = ProductDTO(id: 0, title: "", price: 0)
    var seen: UInt32 = 0
    try reader.readObject { reader, key throws(JSONReader.Declined) in
      guard let field = Field(key) else { return try reader.skipValue() }
      guard seen & field.bit == 0 else { throw JSONReader.Declined() }
      seen |= field.bit
      switch field {
      case .id: product.id = try reader.readInt()
      case .title: product.title = try reader.readString()
      case .description: product.description = try reader.readOptionalString()
      case .category: product.category = try reader.readOptionalString()
      case .price: product.price = try reader.readDouble()
      case .discountPercentage: product.discountPercentage = try reader.readOptionalDouble()
      case .rating: product.rating = try reader.readOptionalDouble()
      case .stock: product.stock = try reader.readOptionalInt()
      case .tags: product.tags = try reader.optionalStrings()
      case .brand: product.brand = try reader.readOptionalString()
      case .sku: product.sku = try reader.readOptionalString()
      case .weight: product.weight = try reader.readOptionalDouble()
      case .dimensions: product.dimensions = reader.consumeNull() ? nil : try Dimensions.read(from: &reader)
      case .warrantyInformation: product.warrantyInformation = try reader.readOptionalString()
      case .shippingInformation: product.shippingInformation = try reader.readOptionalString()
      case .availabilityStatus: product.availabilityStatus = try reader.readOptionalString()
      case .reviews: product.reviews = try Review.readList(from: &reader)
      case .returnPolicy: product.returnPolicy = try reader.readOptionalString()
      case .minimumOrderQuantity: product.minimumOrderQuantity = try reader.readOptionalInt()
      case .meta: product.meta = reader.consumeNull() ? nil : try Meta.read(from: &reader)
      case .images: product.images = try reader.optionalStrings()
      case .thumbnail: product.thumbnail = try reader.readOptionalString()
      }
    }
    let required = Field.id.bit | Field.title.bit | Field.price.bit
    guard seen & required == required else { throw JSONReader.Declined() }
    return product
  }

  /// The keys of a product, as it encodes them.
  enum Field: Int, CaseIterable {
    case id, title, description, category, price, discountPercentage, rating, stock, tags, brand, sku, weight
    case dimensions, warrantyInformation, shippingInformation, availabilityStatus, reviews, returnPolicy
    case minimumOrderQuantity, meta, images, thumbnail

    @inline(__always) var bit: UInt32 { 1 << UInt32(rawValue) }

    // Dispatched on the key's length first: most keys are told apart by it alone.
    init?(_ key: JSONKey) {
      let field: Field? =
        switch key.count {
        case 2: key.is("id") ? .id : nil
        case 3: key.is("sku") ? .sku : nil
        case 4: key.is("tags") ? .tags : key.is("meta") ? .meta : nil
        case 5:
          key.is("title")
            ? .title : key.is("price") ? .price : key.is("stock") ? .stock : key.is("brand") ? .brand : nil
        case 6: key.is("rating") ? .rating : key.is("weight") ? .weight : key.is("images") ? .images : nil
        case 7: key.is("reviews") ? .reviews : nil
        case 8: key.is("category") ? .category : nil
        case 9: key.is("thumbnail") ? .thumbnail : nil
        case 10: key.is("dimensions") ? .dimensions : nil
        case 11: key.is("description") ? .description : nil
        case 12: key.is("returnPolicy") ? .returnPolicy : nil
        case 18:
          key.is("availabilityStatus") ? .availabilityStatus : key.is("discountPercentage") ? .discountPercentage : nil
        case 19:
          key.is("warrantyInformation")
            ? .warrantyInformation : key.is("shippingInformation") ? .shippingInformation : nil
        case 20: key.is("minimumOrderQuantity") ? .minimumOrderQuantity : nil
        default: nil
        }
      guard let field else { return nil }
      self = field
    }
  }
}

extension ProductDTO.Dimensions {
  static func read(from reader: inout JSONReader) throws(JSONReader.Declined) -> Self {
    var width: Double?
    var height: Double?
    var depth: Double?
    try reader.readObject { reader, key throws(JSONReader.Declined) in
      if key.is("width") {
        guard width == nil else { throw JSONReader.Declined() }
        width = try reader.readDouble()
      } else if key.is("height") {
        guard height == nil else { throw JSONReader.Declined() }
        height = try reader.readDouble()
      } else if key.is("depth") {
        guard depth == nil else { throw JSONReader.Declined() }
        depth = try reader.readDouble()
      } else {
        try reader.skipValue()
      }
    }
    guard let width, let height, let depth else { throw JSONReader.Declined() }
    return Self(width: width, height: height, depth: depth)
  }
}
